import type { Transaction } from "#app/db/db.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { payoutMailKinds } from "#app/mail/kinds.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail, greetingName } from "#app/mail/templates.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";

/** The outbox's kinds of the affiliate's payout mails (app/mail/kinds.ts). */
export const [PAYOUT_DETAILS_MAIL_KIND, PAYOUT_SENT_MAIL_KIND] = payoutMailKinds;

interface Recipient {
  email: string;
  name: string;
  language: string | null;
}

/**
 * The link that makes her new payout details hers, in her language, with only their hint (a
 * shared inbox never reads a whole key), and what to do if she did not ask for it.
 */
export async function mailPayoutDetailsLink(
  tx: Transaction,
  to: Recipient,
  token: string,
  hint: string,
) {
  const language = normalizeLanguage(to.language ?? "") ?? defaultLanguage;
  const t = getFixedT(language);
  await queueMail(tx, {
    kind: PAYOUT_DETAILS_MAIL_KIND,
    to: to.email,
    language,
    ...actionMail(language, {
      subject: t("payoutMail.details.subject"),
      preview: t("payoutMail.details.preview"),
      paragraphs: [
        t("payoutMail.greeting", { name: greetingName(to.name) }),
        t("payoutMail.details.body", { hint }),
      ],
      action: {
        label: t("payoutMail.details.action"),
        url: `${mailOrigin()}/portal/payout-details/confirm?token=${encodeURIComponent(token)}`,
        after: [t("payoutMail.details.notYou"), t("payoutMail.signature")],
      },
    }),
  });
}

/** A discreet note that a payout was sent: no amount, no details, a link to her portal. */
export async function mailPayoutSent(tx: Transaction, to: Recipient) {
  const language = normalizeLanguage(to.language ?? "") ?? defaultLanguage;
  const t = getFixedT(language);
  await queueMail(tx, {
    kind: PAYOUT_SENT_MAIL_KIND,
    to: to.email,
    language,
    ...actionMail(language, {
      subject: t("payoutMail.sent.subject"),
      preview: t("payoutMail.sent.preview"),
      paragraphs: [
        t("payoutMail.greeting", { name: greetingName(to.name) }),
        t("payoutMail.sent.body"),
      ],
      action: {
        label: t("payoutMail.sent.action"),
        url: `${mailOrigin()}/portal#payouts`,
        after: [t("payoutMail.signature")],
      },
    }),
  });
}
