import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import {
  Libraries,
  RecentErrors,
  ServerFacts,
} from "#app/features/reports/tech-report-sections.tsx";
import { techReport } from "#app/features/reports/tech-report.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/tech-report";

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminTechReport");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-tech"),
    title: pageTitle(t("admin.tech.title")),
    report: await techReport(await getDatabase()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** /admin/tech-report: versions, this process, the database, the mail queue, recent errors. */
export default function TechReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { report } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.tech.title")}</h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <ServerFacts report={report} />
        <Libraries libraries={report.libraries} />
      </div>
      <RecentErrors errors={report.errors} />
    </>
  );
}
