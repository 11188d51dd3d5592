import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { accountOwner } from "#app/auth/users.server.ts";
import {
  collectPersonalData,
  personalDataResponse,
} from "#app/features/privacy/data-export.server.ts";
import { privacyRequestLimit } from "#app/features/privacy/requests.server.ts";
import type { Route } from "./+types/data-json";

/**
 * GET /account/data.json: a signed-in model's own data, as a file. Whose data it is comes from
 * her session alone: the address of her account (verified, or she could not have signed in);
 * nothing in the request (a query, an id) can point it at anyone else.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelData");
  const db = await getDatabase();
  // Read again from the database: the address her session was made with is the one she owns.
  const owner = await accountOwner(db, viewer.id);
  if (!owner?.verified) throw data(null, { status: 403 });
  // Decrypting every document is not free: a script looping on the link is slowed down.
  const minutes = await privacyRequestLimit(db, { download: viewer.id });
  if (minutes) {
    throw new Response(null, { status: 429, headers: { "Retry-After": String(minutes * 60) } });
  }
  const found = await collectPersonalData(db, owner.email, { includeDocument: true });
  return personalDataResponse(found, "mare-talent-my-data");
}
