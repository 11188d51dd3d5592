import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { notePhotosViewed, readPhoto } from "#app/features/submissions/photos.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-photo";

/**
 * GET /admin/cadastros/:id/photos/:photo/:size (thumb or large): one of her photos, to the
 * reviewers only, never kept by any cache (a shared one, nor the browser's on a shared
 * computer). Whoever else asks gets the sign-in page, permission denied or nothing: never the
 * bytes. Her first photo seen by each staff member is written to the access log, which she
 * reads on her dashboard.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminApplicationPhoto");
  // Ids as the pages write them (no "0x1", "1e3" or " 1"), and one of the two sizes.
  const size = params.size;
  if (!isId(params.id) || !isId(params.photo) || (size !== "thumb" && size !== "large")) {
    throw data(null, { status: 404 });
  }
  const id = Number(params.id);
  const photo = Number(params.photo);
  const db = await getDatabase();
  const bytes = await readPhoto(db, id, photo, size);
  if (!bytes) throw data(null, { status: 404 });
  await notePhotosViewed(db, id, { id: viewer.id, ip: clientIp(request) });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}

const isId = (value: string | undefined): value is string =>
  value !== undefined && /^[1-9][0-9]{0,15}$/.test(value);
