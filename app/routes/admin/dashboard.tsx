import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { StatCards } from "#app/components/ui/stat-card.tsx";
import { requireScreen } from "#app/auth/guards.server.ts";
import { mayOpen, screenAt } from "#app/auth/permissions.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { dashboardStats } from "#app/features/submissions/review-stats.server.ts";
import { readWaitingDays } from "#app/features/staff-alerts/preferences.server.ts";
import { WaitingSection } from "#app/features/staff-alerts/waiting-section.tsx";
import { countOverdueSteps } from "#app/features/onboarding/board.server.ts";
import { OverdueSteps } from "#app/features/onboarding/overdue-steps.tsx";
import { contractsToCountersign } from "#app/features/contracts/contracts.server.ts";
import { ContractsToCountersign } from "#app/features/contracts/dashboard-card.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/dashboard";

const WAITING_SETTING = {
  screen: "/admin/email/reasons",
  href: "/admin/email/reasons#waiting",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminDashboard");
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const stats = await dashboardStats(db, { waitingDays: await readWaitingDays(db) });
  return {
    strings: strings("admin-dashboard", "onboarding", "contracts"),
    title: pageTitle(t("admin.dashboard.title")),
    stats,
    overdueSteps: await countOverdueSteps(db),
    countersign: await contractsToCountersign(db),
    // Where the waiting threshold is set, for whoever may open that screen (an admin).
    waitingSetting: mayOpen(viewer.role, screenAt(WAITING_SETTING.screen))
      ? WAITING_SETTING.href
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { stats } = loaderData;
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    {
      key: "Pendente",
      label: t("admin.status.Pendente"),
      count: stats.counts.Pendente,
      to: "/admin/pendentes",
    },
    {
      key: "Aprovado",
      label: t("admin.status.Aprovado"),
      count: stats.counts.Aprovado,
      to: "/admin/aprovados",
    },
    {
      key: "Reprovado",
      label: t("admin.status.Reprovado"),
      count: stats.counts.Reprovado,
      to: "/admin/reprovados",
    },
    {
      key: "week",
      label: t("admin.dashboard.newThisWeek"),
      count: stats.newThisWeek,
      to: "/admin/cadastros",
    },
  ].map(({ count, ...figure }) => ({ ...figure, value: number.format(count) }));
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.dashboard.title")}</h1>
      <StatCards stats={figures} className="mt-6 sm:grid-cols-2 xl:grid-cols-4" />

      {/* Past the threshold, the list below names the longest waits; before it, the one. */}
      {stats.waiting.total === 0 ? (
        <Section id="oldest" title={t("admin.dashboard.oldestPending")} className="mt-8">
          {stats.oldestPending ? (
            <p className="mt-2 text-ink-700">
              <Link
                to={`/admin/cadastros/${stats.oldestPending.id}`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {stats.oldestPending.fullName || t("admin.privacy.erasedName")}
              </Link>{" "}
              · {t("admin.dashboard.waitingDays", { count: stats.oldestPending.waitingDays })}
            </p>
          ) : (
            <p className="mt-2 text-ink-600">{t("admin.dashboard.nothingPending")}</p>
          )}
        </Section>
      ) : null}

      <WaitingSection waiting={stats.waiting} settingHref={loaderData.waitingSetting} />
      <OverdueSteps count={loaderData.overdueSteps} />
      <ContractsToCountersign waiting={loaderData.countersign} />

      <section aria-labelledby="latest-title" className="mt-8">
        <h2 id="latest-title" className="text-lg font-semibold">
          {t("admin.dashboard.latest")}
        </h2>
        <ul className="mt-3 divide-y divide-ink-100 rounded-2xl bg-white ring-1 ring-ink-200/70">
          {stats.latest.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
              <Link
                to={`/admin/cadastros/${row.id}`}
                className="min-w-0 flex-1 basis-full truncate font-medium text-ink-900 hover:text-brand-700 sm:basis-0"
              >
                {row.fullName || t("admin.privacy.erasedName")}
              </Link>
              <span className="text-sm text-ink-500">
                {formatAgencyTime(row.createdAt, i18n.language)}
              </span>
              <StatusBadge status={row.status} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
