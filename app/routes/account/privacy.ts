import { redirect } from "react-router";
import { z } from "zod";
import { homeOf } from "#app/auth/permissions.ts";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { accountOwner } from "#app/auth/users.server.ts";
import {
  createPrivacyRequest,
  privacyRequestLimit,
} from "#app/features/privacy/requests.server.ts";
import { normalizeLanguage } from "#app/i18n/languages.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import type { Route } from "./+types/privacy";

const back = (result: string) => `${homeOf("model")}?privacy=${result}#privacy`;

/** Nothing to show here: the controls live on her dashboard. */
export function loader() {
  return redirect(homeOf("model"));
}

const eraseForm = z.object({ intent: z.literal("erase"), confirm: z.literal("yes") });

/**
 * POST /account/privacy (intent=erase): a signed-in model asks to erase her account and data.
 * Nothing is erased yet: a link goes to the address of her account, and only following it
 * erases (the same page and rules as a request from the contact page). The answer is always a
 * redirect back to her dashboard with ?privacy=sent | unconfirmed | limited | refused, so the
 * form works the same with and without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "modelPrivacy");
  const form = await parseForm(request, eraseForm);
  if (form.crossSite) throw redirect(back("refused"));
  if (!form.success) {
    const intent = form.error.issues.some((issue) => issue.path[0] === "intent");
    throw redirect(back(intent ? "refused" : "unconfirmed"));
  }
  const db = await getDatabase();
  const owner = await accountOwner(db, viewer.id);
  if (!owner?.verified) throw redirect(back("refused"));
  if (await privacyRequestLimit(db, { account: viewer.id })) {
    throw redirect(back("limited"));
  }
  const page = pageContext(request);
  await createPrivacyRequest(db, {
    kind: "erase",
    email: owner.email,
    userId: viewer.id,
    // The language she chose for her e-mails; else the one she is reading the site in.
    language: normalizeLanguage(owner.language) ?? page.language,
  });
  throw redirect(back("sent"));
}
