import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { exportSubmissions } from "#app/features/submissions/export.server.ts";
import { readReviewFilter } from "#app/features/submissions/review-filter.ts";
import { csvResponse } from "#app/utils/csv.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/export";

/** GET /admin/export.csv?list=/admin/pendentes&q=ana&…: the list on screen (its filters and order), as a CSV file. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminExport");
  const url = new URL(request.url);
  const list = reviewLists.find((l) => l.path === url.searchParams.get("list")) ?? reviewLists[0];
  const stream = await exportSubmissions(
    await getDatabase(),
    {
      ...readReviewFilter(url.searchParams, list.status),
      status: list.status,
      viewerId: viewer.id,
    },
    { id: viewer.id, ip: clientIp(request) },
  );
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(request, stream, `${list.path.split("/").pop()}-${day}.csv`);
}
