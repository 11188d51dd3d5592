import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { REPORT_DAYS, REPORT_TIME_ZONE } from "#app/features/reports/auth-report.ts";
import { authReport } from "#app/features/reports/auth-report.server.ts";
import {
  AccountFacts,
  AuthTotals,
  MethodsAndLimits,
  PerDay,
} from "#app/features/reports/auth-report-sections.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { getEnv } from "#app/utils/env.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/auth-report";

/** /admin/auth-report (admin only): how people sign in, what fails, and the accounts' state. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAuthReport");
  const { t, strings } = pageContext(request);
  const report = await authReport(await getDatabase(), getEnv().ADMIN_EMAIL);
  return {
    strings: strings("admin-auth-report"),
    title: pageTitle(t("admin.authReport.title")),
    report,
    zone: REPORT_TIME_ZONE,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function AuthReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { report, zone } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.authReport.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">
        {t("admin.authReport.period", { days: REPORT_DAYS, zone })}
      </p>
      <AuthTotals days={report.days} />
      <AccountFacts accounts={report.accounts} />
      <MethodsAndLimits report={report} />
      <PerDay days={report.days} />
    </>
  );
}
