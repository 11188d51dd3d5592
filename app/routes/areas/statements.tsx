import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { applicationsOf } from "#app/features/model-dashboard/dashboard.server.ts";
import { HerStatements } from "#app/features/statements/her-statements.tsx";
import { publishedStatementsOf } from "#app/features/statements/statements.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/statements";

/**
 * /dashboard/model/statements: her published statements, month by month, with a chart of her
 * net over time beside its table, and each one's PDF and CSV. Only ever hers (her verified
 * address's applications), never a draft; never stored by a cache.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelStatements");
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const applications = await applicationsOf(db, viewer);
  const statements = await publishedStatementsOf(
    db,
    applications.map((application) => application.id),
  );
  return data(
    {
      strings: strings("statements", "areas"),
      title: pageTitle(t("statements.model.title")),
      statements,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Statements({ loaderData }: Route.ComponentProps) {
  return <HerStatements statements={loaderData.statements} />;
}
