import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { identityImageSides, type IdentityImageSide } from "#app/db/career-states.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { readIdentityImage } from "#app/features/identity/checks.server.ts";
import { recordIdentityView } from "#app/features/identity/review.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-identity-photo";

/**
 * GET /admin/cadastros/:id/identity/:check/:side (front, back or selfie): a photo of her
 * identity check, to the reviewers only, decrypted for this answer and never kept by any cache.
 * Every view is written to the access log, which she reads on her dashboard. Whoever else asks
 * gets the sign-in page, permission denied or a 404: never the bytes.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminIdentityPhoto");
  const side = params.side as IdentityImageSide;
  if (!isId(params.id) || !isId(params.check) || !identityImageSides.includes(side)) {
    throw data(null, { status: 404 });
  }
  const submissionId = Number(params.id);
  const checkId = Number(params.check);
  const db = await getDatabase();
  const bytes = await readIdentityImage(db, submissionId, checkId, side);
  if (!bytes) throw data(null, { status: 404 });
  await recordIdentityView(db, submissionId, checkId, side, {
    id: viewer.id,
    ip: clientIp(request),
  });
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
