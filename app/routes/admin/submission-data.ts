import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { recordAccess } from "#app/db/access-log.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { applicationOwner } from "#app/features/submissions/submissions.server.ts";
import {
  collectPersonalData,
  personalDataResponse,
} from "#app/features/privacy/data-export.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-data";

/**
 * GET /admin/cadastros/:id/data.json (admin only): everything held about the person of this
 * application (every application with her address, her account), to answer a request she made by
 * other means. Logged before the file is sent; her document appears by its last digits only
 * (collectPersonalData says why).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminApplicationData");
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  const db = await getDatabase();
  const application = await applicationOwner(db, id);
  if (!application) throw data(null, { status: 404 });
  // An erased application keeps no address to find her other data by: it is exported alone.
  const found = await collectPersonalData(
    db,
    application.email,
    { includeDocument: false },
    application.erasedAt ? [id] : undefined,
  );
  await recordAccess(db, "privacy.export", {
    actor: { id: viewer.id, ip: clientIp(request) },
    subject: `submission:${id}`,
    details: { applications: found.applications.length, account: Boolean(found.account) },
  });
  return personalDataResponse(found, `application-${id}-data`);
}
