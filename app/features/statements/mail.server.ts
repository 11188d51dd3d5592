import type { Transaction } from "#app/db/db.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail, greetingName } from "#app/mail/templates.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";

/** The outbox's kind of the mail that tells her a statement is published. */
export const STATEMENT_MAIL_KIND = "statement-published";

/**
 * A discreet note in her language that a statement is ready: her first name and a link that needs
 * her session, never a figure or the month's platforms (a shared inbox may read it). Queued in
 * the publication's transaction: she hears of it if and only if it was published.
 */
export async function tellStatementPublished(
  tx: Transaction,
  statement: { email: string; fullName: string; language: string },
) {
  if (!statement.email) return;
  const language = normalizeLanguage(statement.language) ?? defaultLanguage;
  const t = getFixedT(language);
  await queueMail(tx, {
    kind: STATEMENT_MAIL_KIND,
    to: statement.email,
    language,
    ...actionMail(language, {
      subject: t("statementMail.subject"),
      preview: t("statementMail.preview"),
      paragraphs: [
        t("statementMail.greeting", { name: greetingName(statement.fullName) }),
        t("statementMail.body"),
      ],
      action: {
        label: t("statementMail.action"),
        url: `${mailOrigin()}/dashboard/model/statements`,
        after: [t("statementMail.signature")],
      },
    }),
  });
}
