import { data, redirect } from "react-router";
import { z } from "zod";
import { getDatabase } from "#app/db/db.server.ts";
import { personalDataResponse } from "#app/features/privacy/data-export.server.ts";
import { CONFIRM_PATH, confirmExport } from "#app/features/privacy/requests.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import type { Route } from "./+types/privacy-data";

/**
 * POST /privacy/data.json: the file her mailed export link promises, posted by the button of
 * /privacy/confirm with the link's token. A resource route, so the answer is the file itself: a
 * page's action would have React Router render the page around it, with her data in the
 * hydration payload, and the browser would save nothing. Only a POST uses the token up; the
 * GET of the link (a mail scanner) shows the page and changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, z.object({ token: textField }));
  if (form.crossSite) throw data(null, { status: 403 });
  const found = form.success && (await confirmExport(await getDatabase(), form.data.token));
  // Used, expired or unknown: back to the page, which says so as for any bad link.
  if (!found) return redirect(CONFIRM_PATH, 303);
  return personalDataResponse(found, "mare-talent-my-data");
}

/** Nothing to show by GET: the page the link opens. */
export function loader() {
  return redirect(CONFIRM_PATH);
}
