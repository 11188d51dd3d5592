import { eq } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";
import type { ReferralMilestone } from "#app/db/affiliate-program-states.ts";
import { affiliates, user } from "#app/db/schema.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail, greetingName } from "#app/mail/templates.server.ts";
import { inertText } from "#app/mail/inert-text.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { shortName } from "./portal.server.ts";

/** The outbox's kind of the mail that tells an affiliate a referral reached a milestone. */
export const MILESTONE_MAIL_KIND = "affiliate-milestone";

/**
 * A note to the affiliate in her language that a woman she referred reached a milestone: the
 * referral's first name and initial only (shortName), no amount (a shared inbox may read it),
 * and a link to her portal. An approval's mail waits out the decision's undo window (as the
 * applicant's does), so an approval taken back within the minute never reaches her.
 */
export async function tellMilestone(
  tx: Transaction,
  input: { affiliateId: number; referralName: string; milestone: ReferralMilestone },
): Promise<number | null> {
  const [owner] = await tx
    .select({ email: user.email, name: user.name, language: user.language })
    .from(affiliates)
    .innerJoin(user, eq(user.id, affiliates.userId))
    .where(eq(affiliates.id, input.affiliateId));
  if (!owner?.email) return null;
  const language = normalizeLanguage(owner.language) ?? defaultLanguage;
  const t = getFixedT(language);
  const referral = inertText(shortName(input.referralName) ?? "");
  return queueMail(tx, {
    kind: MILESTONE_MAIL_KIND,
    to: owner.email,
    language,
    ...(input.milestone === "approved" ? { delaySeconds: getEnv().DECISION_UNDO_SECONDS } : {}),
    ...actionMail(language, {
      subject: t(`affiliateMilestoneMail.subject.${input.milestone}`, { name: referral }),
      preview: t(`affiliateMilestoneMail.subject.${input.milestone}`, { name: referral }),
      paragraphs: [
        t("affiliateMilestoneMail.greeting", { name: greetingName(owner.name) }),
        t(`affiliateMilestoneMail.body.${input.milestone}`, { name: referral }),
      ],
      action: {
        label: t("affiliateMilestoneMail.action"),
        url: `${mailOrigin()}/portal#money`,
        after: [t("affiliateMilestoneMail.signature")],
      },
    }),
  });
}
