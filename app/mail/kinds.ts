/**
 * Names shared by the mail modules and the /admin/email screen (browser-safe: no server code).
 */

/** Every mail the product sends, each with a template an admin may reword per language. */
export const mailTemplateKinds = [
  "confirmation",
  "approved",
  "rejected",
  "verification",
  "reset",
  // The link that confirms a request to download or erase one's data (app/features/privacy/).
  "privacyExport",
  "privacyErase",
  // A decision reopened after its mail went out: the earlier answer no longer stands.
  "correction",
] as const;
export type MailTemplateKind = (typeof mailTemplateKinds)[number];

/** Mail to the staff (app/features/staff-alerts/): the product's own wording, no template. */
export const staffMailKinds = ["staff-alert", "staff-digest", "staff-security"] as const;

/**
 * Mail someone waits for on a screen: a link to verify her address (which also claims a
 * pre-registered account), to choose a new password, or to confirm a privacy request. The
 * sender takes these before any other queued mail, so a burst of applications' confirmations
 * never holds up a sign-in (the outbox's priority column).
 */
export const urgentMailKinds: readonly string[] = [
  "verification",
  "reset",
  "privacyExport",
  "privacyErase",
  // Someone tried to sign up with her address: she may be trying to get in right now.
  "sign-up-attempt",
  // The link that confirms an affiliate's new payout details: she waits for it on her portal.
  "payout-details-confirm",
];

/** The outbox priority of a kind: higher goes first. */
export const mailPriority = (kind: string) => (urgentMailKinds.includes(kind) ? 1 : 0);

/** Mail of the product's own wording to an account's owner (app/auth/): no template. */
export const accountMailKinds = ["sign-up-attempt"] as const;

/**
 * After approval (issue 29), the product's own wording: her manager named or changed (to her,
 * and to the manager), her welcome call's invitation and its reminders (to both).
 */
export const afterApprovalMailKinds = [
  "manager-assigned",
  "staff-manager",
  "welcome-call",
  "welcome-call-reminder",
] as const;

/**
 * Her contract (issue 30), the product's own wording: a document is ready in her dashboard, once
 * she signed and again once countersigned (no figures, no attachment: decision 055).
 */
export const contractMailKinds = ["contract-signed", "contract-countersigned"] as const;
/** Her career (issue 30), the product's own wording: a monthly statement published to her. */
export const statementMailKinds = ["statement-published"] as const;
/**
 * Issue 30's identity check: new photos asked for, with the reviewer's reason (the product's
 * own wording, app/features/identity/mails.server.ts).
 */
export const IDENTITY_RETAKE_MAIL_KIND = "identity-retake";
export const identityMailKinds = [IDENTITY_RETAKE_MAIL_KIND] as const;

/**
 * The affiliate's payouts (issue 31), the product's own wording: the link that confirms her new
 * payout details, and a discreet note that a payout was sent (no amount).
 */
export const payoutMailKinds = ["payout-details-confirm", "payout-sent"] as const;

/**
 * The affiliate program (issue 31), the product's own wording: a referral reached a milestone
 * (app/features/affiliates/milestone-mail.server.ts).
 */
export const affiliateMailKinds = ["affiliate-milestone"] as const;

/** The kinds the outbox's list names in her language (any other is shown as stored). */
export const labelledMailKinds: readonly string[] = [
  ...mailTemplateKinds,
  ...staffMailKinds,
  ...accountMailKinds,
  ...afterApprovalMailKinds,
  ...contractMailKinds,
  ...statementMailKinds,
  ...identityMailKinds,
  ...payoutMailKinds,
  ...affiliateMailKinds,
];

export const isMailTemplateKind = (value: unknown): value is MailTemplateKind =>
  mailTemplateKinds.includes(value as MailTemplateKind);

/** How the connection to the SMTP server is protected. */
export const smtpSecurities = ["none", "starttls", "tls"] as const;
export type SmtpSecurity = (typeof smtpSecurities)[number];

/** The states of a message in the outbox (as in the schema's mailStatuses). */
export const outboxStatuses = ["queued", "sent", "failed"] as const;
