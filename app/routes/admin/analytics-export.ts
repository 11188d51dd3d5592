import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { parseRange } from "#app/features/analytics/analytics.server.ts";
import { reportingDay } from "#app/features/analytics/counting.server.ts";
import { managerTableCsv } from "#app/features/analytics/manager-export.server.ts";
import { managerTableIds, managerTables } from "#app/features/analytics/manager-tables.server.ts";
import { csvResponse } from "#app/utils/csv.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/analytics-export";

/**
 * GET /admin/analytics/csv/backlog?from=2026-03-01&to=2026-03-31&group=week: one of the
 * manager's tables as the screen shows it for that range, as a CSV file in the viewer's
 * language (approver and admin); the export is recorded in the access log.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAnalytics");
  const { t, language } = pageContext(request);
  const id = managerTableIds.find((known) => known === params.table);
  if (!id) throw data(t("admin.manager.unknownTable"), { status: 404 });
  const now = new Date();
  const today = reportingDay(now);
  const { range, errors } = parseRange(new URL(request.url).searchParams, today);
  if (Object.keys(errors).length > 0)
    throw data(t("admin.analytics.errors.summary"), { status: 400 });
  const db = await getDatabase();
  const table = (await managerTables(db, range, { t, language, now, today }, [id]))[0]!;
  const stream = await managerTableCsv(db, table, range, { id: viewer.id, ip: clientIp(request) });
  return csvResponse(request, stream, `analytics-${id}-${range.from}-${range.to}.csv`);
}
