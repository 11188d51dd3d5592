import { requireScreen } from "#app/auth/guards.server.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { formatWhen } from "#app/features/submissions/status-badge.tsx";
import { productionChecklist } from "#app/features/reports/checklist.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/production-checklist";

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminChecklist");
  const { t, strings } = pageContext(request);
  const checks = await productionChecklist(await getDatabase());
  return {
    strings: strings("admin-checklist"),
    title: pageTitle(t("admin.checklist.title")),
    checks,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** /admin/production-checklist: what stands between this server and a safe launch, live. */
export default function ProductionChecklist({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { checks } = loaderData;
  const failing = checks.filter((check) => !check.ok).length;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.checklist.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">
        {failing === 0
          ? t("admin.checklist.allPass")
          : t("admin.checklist.failing", { count: failing, total: checks.length })}
      </p>
      <ul className="mt-6 space-y-3">
        {checks.map((check) => {
          const at = check.values?.at ? formatWhen(String(check.values.at), i18n.language) : "";
          const values = { ...check.values, at };
          return (
            <li
              key={check.id}
              className={cn(
                "flex gap-4 rounded-2xl bg-white p-5 ring-1",
                check.ok ? "ring-ink-200/70" : "ring-coral-300",
              )}
            >
              <span
                className={cn(
                  "mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full",
                  check.ok ? "bg-brand-100 text-brand-800" : "bg-coral-100 text-coral-800",
                )}
              >
                <Icon name={check.ok ? "check" : "x"} className="size-4" />
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-ink-950">
                  {t(`admin.checklist.checks.${check.id}.title`)}{" "}
                  <span className={cn("text-sm", check.ok ? "text-brand-700" : "text-coral-700")}>
                    — {check.ok ? t("admin.checklist.pass") : t("admin.checklist.fail")}
                  </span>
                </h2>
                <p className="mt-1 text-sm text-ink-700">
                  {check.ok
                    ? t(`admin.checklist.checks.${check.id}.ok`, values)
                    : t(`admin.checklist.checks.${check.id}.fix`, values)}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
