import { eq } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";
import { user } from "#app/db/schema.server.ts";
import { firstNameAndInitial } from "#app/features/staff-alerts/alerts.server.ts";
import { instantAlertRecipients } from "#app/features/staff-alerts/preferences.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { inertText } from "#app/mail/inert-text.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail, firstNameOf, greetingName } from "#app/mail/templates.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { MANAGER_MAIL_KIND } from "./profile.ts";
import { undoSeconds } from "#app/features/submissions/undo.server.ts";

/*
 * Who hears of a talent manager's assignment (issue 29). The model: a discreet mail in her
 * language with her manager's first name and a link to her dashboard, nothing about the work
 * (a shared inbox may read it). The new manager: by her choice in /account/notifications, as
 * @mentions are (features/submissions/notes.server.ts): "instant" a mail now, "digest" a line in
 * her daily digest (read back from the access log: digest.server.ts), "off" nothing.
 */

/** The mail kinds, as the outbox lists them. */
export const MANAGER_MAIL_KINDS = { model: MANAGER_MAIL_KIND, staff: "staff-manager" } as const;

/** At most this many applications are named in a mail; the rest are counted. */
const LISTED = 20;

/**
 * Queued in the assignment's transaction: she hears of it if and only if it happened. It waits
 * as long as a decision's mail (the undo window): a manager given right after an approval that is
 * then taken back is withdrawn with it (withdraw.server.ts), and she never hears of either.
 */
export async function tellModel(
  tx: Transaction,
  {
    application,
    managerName,
    first,
  }: {
    application: { fullName: string; email: string; language: string };
    managerName: string;
    /** Her first manager ("meet your manager"), or a new one. */
    first: boolean;
  },
) {
  if (!application.email) return;
  const language = normalizeLanguage(application.language) ?? defaultLanguage;
  const t = getFixedT(language);
  const manager = inertText(firstNameOf(managerName));
  const lead = t(first ? "manager.mail.model.first" : "manager.mail.model.changed", { manager });
  await queueMail(tx, {
    kind: MANAGER_MAIL_KINDS.model,
    to: application.email,
    language,
    delaySeconds: undoSeconds(),
    ...actionMail(language, {
      subject: t("manager.mail.model.subject"),
      preview: lead,
      paragraphs: [
        t("manager.mail.model.greeting", { name: greetingName(application.fullName) }),
        lead,
        t("manager.mail.model.where"),
      ],
      action: {
        label: t("manager.mail.model.action"),
        url: `${mailOrigin()}/dashboard/model`,
        after: [],
      },
    }),
  });
}

const applicationUrl = (id: number) => `${mailOrigin()}/admin/cadastros/${id}`;
const line = (application: { id: number; fullName: string }) =>
  `• ${firstNameAndInitial(application.fullName)} ${applicationUrl(application.id)}`;

/**
 * The new manager, when she asked to hear at once: one mail for the assignment (a bulk one
 * names up to twenty applications), first name and initial only, links that need a session.
 */
export async function tellManager(
  tx: Transaction,
  {
    managerId,
    actorId,
    applications,
  }: { managerId: string; actorId: string; applications: { id: number; fullName: string }[] },
) {
  const [recipient] = await instantAlertRecipients(tx, [managerId]);
  if (!recipient) return false;
  const [actor] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actorId));
  const { language } = recipient;
  const t = getFixedT(language);
  const count = applications.length;
  const intro = t("manager.mail.staff.intro", { count, author: inertText(actor?.name ?? "—") });
  const listed = applications.slice(0, LISTED).map(line);
  await queueMail(tx, {
    kind: MANAGER_MAIL_KINDS.staff,
    to: recipient.email,
    language,
    ...actionMail(language, {
      subject: t("manager.mail.staff.subject", { count }),
      preview: intro,
      paragraphs: [
        intro,
        listed.join("\n"),
        ...(count > LISTED ? [t("mail.staff.digest.more", { count: count - LISTED })] : []),
      ],
      action: {
        label: t("manager.mail.staff.action"),
        url: count === 1 ? applicationUrl(applications[0]!.id) : `${mailOrigin()}/admin/aprovados`,
        after: [
          t("mail.staff.signInNeeded"),
          t("manager.mail.staff.why", { url: `${mailOrigin()}/account/notifications` }),
        ],
      },
    }),
  });
  return true;
}
