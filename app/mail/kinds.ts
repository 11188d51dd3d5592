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
] as const;
export type MailTemplateKind = (typeof mailTemplateKinds)[number];

/** Mail to the staff (app/features/staff-alerts/): the product's own wording, no template. */
export const staffMailKinds = ["staff-alert", "staff-digest", "staff-security"] as const;

/** The kinds the outbox's list names in her language (any other is shown as stored). */
export const labelledMailKinds: readonly string[] = [...mailTemplateKinds, ...staffMailKinds];

export const isMailTemplateKind = (value: unknown): value is MailTemplateKind =>
  mailTemplateKinds.includes(value as MailTemplateKind);

/** How the connection to the SMTP server is protected. */
export const smtpSecurities = ["none", "starttls", "tls"] as const;
export type SmtpSecurity = (typeof smtpSecurities)[number];

/** The states of a message in the outbox (as in the schema's mailStatuses). */
export const outboxStatuses = ["queued", "sent", "failed"] as const;
