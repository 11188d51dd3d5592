import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { contactMethods } from "#app/features/submissions/contact.ts";
import { contactApplicant } from "#app/features/submissions/contact.server.ts";
import { contactPurposes } from "#app/mail/contact-purposes.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-contact";

const detail = (id: number, contact?: string) =>
  `/admin/cadastros/${id}${contact ? `?contact=${contact}#contact` : ""}`;

// Digits only: Number() would also read "1e3" or " 7 " as an application's id.
const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,15}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

/** A GET records nothing and opens nothing (a link elsewhere could make one): to her page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminApplication");
  return redirect(detail(idOf(params.id)));
}

/**
 * POST /admin/cadastros/:id/contact (the reviewers: approvers and admins), `method` whatsapp or
 * email, and the contact template's `purpose` (one that fits her state, else a 409): recorded in the access log, then on to WhatsApp's chat with her (the application page
 * posts it into a new tab) or back to her page once her decision's mail is queued. The chat's
 * address is made from the number stored with the application: nothing else in the form is read,
 * so no form can send a reviewer to another site.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplication");
  const form = await parseForm(
    request,
    z.object({ method: z.enum(contactMethods), purpose: z.enum(contactPurposes).optional() }),
  );
  if (form.crossSite) throw data(null, { status: 403 });
  const id = idOf(params.id);
  if (!form.success) throw data(null, { status: 400 });
  const { method, purpose } = form.data;
  const result = await contactApplicant(await getDatabase(), {
    submissionId: id,
    method,
    purpose,
    actor: { id: viewer.id, ip: clientIp(request) },
  });
  switch (result.outcome) {
    case "whatsapp":
      // WhatsApp learns nothing of where she came from (the application's number in our URL).
      throw redirect(result.link, {
        headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" },
      });
    case "email":
      throw redirect(detail(id, "email"));
    case "unavailable":
      throw redirect(detail(id, "unavailable"));
    case "not-offered": {
      // Her state moved on since her page was drawn, or the form was made by hand: the error
      // page says so in the reviewer's language (root.tsx reads a `validation.` message).
      const message = "validation.contactPurpose";
      const t = getFixedT(languageForRequest(request).language);
      throw data({ message, text: t(message) }, { status: 409 });
    }
    default:
      throw data(null, { status: 404 });
  }
}
