import type { Transaction } from "#app/db/db.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { inertText } from "#app/mail/inert-text.ts";
import { IDENTITY_RETAKE_MAIL_KIND } from "#app/mail/kinds.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail, greetingName } from "#app/mail/templates.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";

/**
 * New photos asked for: queued in the decision's transaction, so she hears of it if and only if
 * it was recorded. In her language, by her first name, with the reviewer's reason and the link to
 * her page; nothing of the document (no type, no number, no date).
 */
export async function tellRetake(
  tx: Transaction,
  her: { fullName: string; email: string; language: string },
  reason: string,
) {
  if (!her.email) return;
  const language = normalizeLanguage(her.language) ?? defaultLanguage;
  const t = getFixedT(language);
  await queueMail(tx, {
    kind: IDENTITY_RETAKE_MAIL_KIND,
    to: her.email,
    language,
    ...actionMail(language, {
      subject: t("identity.mail.retake.subject"),
      preview: t("identity.mail.retake.preview"),
      paragraphs: [
        t("identity.mail.retake.greeting", { name: greetingName(her.fullName) }),
        t("identity.mail.retake.lead"),
        t("identity.mail.retake.reason", { reason: inertText(reason) }),
      ],
      action: {
        label: t("identity.mail.retake.action"),
        url: `${mailOrigin()}/dashboard/model/identity`,
        after: [t("identity.mail.retake.after")],
      },
    }),
  });
}
