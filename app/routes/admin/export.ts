import { requireArea } from "~/auth/session.server";
import { getDatabase } from "~/db/db.server";
import { reviewLists } from "~/features/admin/admin-nav";
import { exportSubmissions } from "~/features/submissions/export.server";
import { readReviewFilter } from "~/features/submissions/review-filter";
import { compressedDownload } from "~/utils/compress.server";
import { clientIp } from "~/utils/request.server";
import type { Route } from "./+types/export";

/** GET /admin/export.csv?list=/admin/pendentes&q=ana&…: the list on screen (its filters and order), as a CSV file. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireArea(request, "admin");
  const url = new URL(request.url);
  const list = reviewLists.find((l) => l.path === url.searchParams.get("list")) ?? reviewLists[0];
  const stream = await exportSubmissions(
    await getDatabase(),
    { ...readReviewFilter(url.searchParams), status: list.status },
    { id: viewer.id, ip: clientIp(request) },
  );
  const day = new Date().toISOString().slice(0, 10);
  const name = `${list.path.split("/").pop()}-${day}.csv`;
  return compressedDownload(request, stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
