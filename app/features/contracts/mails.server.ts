import type { Transaction } from "#app/db/db.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { contractMailKinds } from "#app/mail/kinds.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail, greetingName } from "#app/mail/templates.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";

/**
 * Her contract is ready to download: once she signed, and again as final once the agency
 * countersigned. Queued in the signature's transaction. It says only that a document is ready
 * and links to her dashboard, where she downloads it signed in: no figure, no term, no
 * attachment (a PDF with her name, document digits and address would sit in every mailbox and
 * server it passes through; decision 055).
 */
export async function tellContractReady(
  tx: Transaction,
  her: { email: string; fullName: string; language: string },
  stage: "signed" | "countersigned",
) {
  const language = normalizeLanguage(her.language) ?? defaultLanguage;
  const t = getFixedT(language);
  const key = stage === "signed" ? "mail.contracts.signed" : "mail.contracts.countersigned";
  await queueMail(tx, {
    kind: stage === "signed" ? contractMailKinds[0] : contractMailKinds[1],
    to: her.email,
    language,
    ...actionMail(language, {
      subject: t(`${key}.subject`),
      preview: t(`${key}.body`),
      paragraphs: [
        t("mail.contracts.greeting", { name: greetingName(her.fullName) }),
        t(`${key}.body`),
      ],
      action: {
        label: t("mail.contracts.action"),
        url: `${mailOrigin()}/dashboard/model/contract`,
        after: [t("mail.contracts.after")],
      },
    }),
  });
}
