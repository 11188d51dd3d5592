import { and, desc, eq } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { submissions, submissionStatusHistory } from "#app/db/schema.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { whatsappMessage } from "#app/mail/whatsapp-templates.server.ts";
import {
  applicantContact,
  contactMail,
  contactTemplate,
  whatsappText,
} from "#app/mail/contact-templates.server.ts";
import { contactMailKind, purposesFor, type ContactPurpose } from "#app/mail/contact-purposes.ts";
import { whatsappLink, whatsappNumberOf } from "#app/utils/whatsapp.ts";
import { decisionTemplateOf, type ContactMethod } from "./contact.ts";
import { decisionMailFor } from "./review.server.ts";

export type ContactResult =
  /** The chat to open: built here from her stored number, never from anything the client sent. */
  | { outcome: "whatsapp"; link: string }
  | { outcome: "email" }
  | { outcome: "not-found" }
  /** A purpose that does not fit her state, or whose text needs a value she lacks: refused. */
  | { outcome: "not-offered" }
  /** Not this way: no valid WhatsApp number, no decision to mail yet, or her data erased. */
  | { outcome: "unavailable" };

/**
 * A reviewer contacts an applicant, recorded in the access log (who, whom, how, when): on
 * WhatsApp, with the message of her language and her first name, or by mail, her decision's mail
 * sent again through the outbox. The log row is written before the link is handed out, so no
 * chat opens unrecorded.
 */
export async function contactApplicant(
  db: Database,
  input: {
    submissionId: number;
    method: ContactMethod;
    /** A contact template's purpose; without one, the general WhatsApp message or her decision's mail. */
    purpose?: ContactPurpose;
    actor: Actor;
  },
): Promise<ContactResult> {
  const { submissionId, method, purpose, actor } = input;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        status: submissions.status,
        fullName: submissions.fullName,
        email: submissions.email,
        whatsapp: submissions.whatsapp,
        phone: submissions.phone,
        language: submissions.language,
        erasedAt: submissions.erasedAt,
        managerId: submissions.managerId,
      })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      // Her state is read once and held: a decision at the same moment waits for this message.
      .for("share");
    if (!found) return { outcome: "not-found" };
    if (found.erasedAt) return { outcome: "unavailable" };
    const language = normalizeLanguage(found.language) ?? defaultLanguage;
    const subject = `submission:${submissionId}`;
    if (purpose) {
      const her = await applicantContact(tx, { id: submissionId, ...found });
      if (!purposesFor(found.status, her.hasBookedCall).includes(purpose)) {
        return { outcome: "not-offered" };
      }
      const text = await contactTemplate(tx, purpose, method, language);
      if (method === "whatsapp") {
        const number = whatsappNumberOf(found);
        if (!number) return { outcome: "unavailable" };
        const filled = whatsappText(text, her.values);
        if (filled === null) return { outcome: "not-offered" };
        await recordAccess(tx, "submission.contact", {
          actor,
          subject,
          details: { method, language, purpose },
        });
        return { outcome: "whatsapp", link: whatsappLink(number, filled) };
      }
      const mail = contactMail(purpose, language, text, her.values);
      if (!mail) return { outcome: "not-offered" };
      await queueMail(tx, { kind: contactMailKind(purpose), to: found.email, language, ...mail });
      await recordAccess(tx, "submission.contact", {
        actor,
        subject,
        details: { method, language, purpose },
      });
      return { outcome: "email" };
    }
    if (method === "whatsapp") {
      // The general message ("we would like to talk to you") is for an application still
      // pending: once decided, she is written to with a purpose that fits her decision.
      if (found.status !== "Pendente") return { outcome: "not-offered" };
      const number = whatsappNumberOf(found);
      if (!number) return { outcome: "unavailable" };
      const link = whatsappLink(number, await whatsappMessage(tx, language, found.fullName));
      await recordAccess(tx, "submission.contact", {
        actor,
        subject,
        details: { method, language },
      });
      return { outcome: "whatsapp", link };
    }
    const template = decisionTemplateOf(found.status);
    if (!template) return { outcome: "unavailable" };
    // The same mail the decision sent: its note and its reason's wording.
    const [decided] = await tx
      .select({ note: submissionStatusHistory.note, reasonId: submissionStatusHistory.reasonId })
      .from(submissionStatusHistory)
      .where(
        and(
          eq(submissionStatusHistory.submissionId, submissionId),
          eq(submissionStatusHistory.toStatus, found.status),
        ),
      )
      .orderBy(desc(submissionStatusHistory.createdAt), desc(submissionStatusHistory.id))
      .limit(1);
    const mail = await decisionMailFor(tx, {
      language,
      decision: template,
      fullName: found.fullName,
      note: decided?.note ?? null,
      reasonId: decided?.reasonId ?? null,
    });
    await queueMail(tx, { kind: template, to: found.email, language, ...mail });
    await recordAccess(tx, "submission.contact", {
      actor,
      subject,
      details: { method, language, template },
    });
    return { outcome: "email" };
  });
}
