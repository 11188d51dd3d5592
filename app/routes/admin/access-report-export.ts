import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { actionLabel, readAccessFilter } from "#app/features/reports/access-actions.ts";
import { exportAccessLog } from "#app/features/reports/access-report.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { csvResponse } from "#app/utils/csv.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/access-report-export";

/**
 * GET /admin/access-report.csv?action=user.*&from=2026-03-01: the access log of the report's
 * filter as a CSV file, streamed; the export is itself recorded in the log (admin only).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAccessReportExport");
  const { filter } = readAccessFilter(new URL(request.url).searchParams);
  const { t } = pageContext(request);
  const stream = await exportAccessLog(
    await getDatabase(),
    filter,
    { id: viewer.id, ip: clientIp(request) },
    (action) => actionLabel(action, t),
  );
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(request, stream, `access-report-${day}.csv`);
}
