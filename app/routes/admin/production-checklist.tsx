import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { ChecklistItem } from "#app/features/reports/checklist-item.tsx";
import { productionChecklist } from "#app/features/reports/checklist.server.ts";
import { identityImagesCheck } from "#app/features/identity/retention.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/production-checklist";

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminChecklist");
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const checks = [...(await productionChecklist(db)), await identityImagesCheck(db)];
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
  const { t } = useTranslation();
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
        {checks.map((check) => (
          <ChecklistItem key={check.id} check={check} />
        ))}
      </ul>
    </>
  );
}
