import { and, desc, eq } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { submissions, submissionStatusHistory } from "#app/db/schema.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { whatsappMessage } from "#app/mail/whatsapp-templates.server.ts";
import { whatsappLink, whatsappNumberOf } from "#app/utils/whatsapp.ts";
import { decisionTemplateOf, type ContactMethod } from "./contact.ts";
import { decisionMailFor } from "./review.server.ts";

export type ContactResult =
  /** The chat to open: built here from her stored number, never from anything the client sent. */
  | { outcome: "whatsapp"; link: string }
  | { outcome: "email" }
  | { outcome: "not-found" }
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
  input: { submissionId: number; method: ContactMethod; actor: Actor },
): Promise<ContactResult> {
  const { submissionId, method, actor } = input;
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
      })
      .from(submissions)
      .where(eq(submissions.id, submissionId));
    if (!found) return { outcome: "not-found" };
    if (found.erasedAt) return { outcome: "unavailable" };
    const language = normalizeLanguage(found.language) ?? defaultLanguage;
    const subject = `submission:${submissionId}`;
    if (method === "whatsapp") {
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
