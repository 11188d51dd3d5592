import type { FieldErrors } from "#app/utils/field-errors.ts";

/** What a form of /admin/email asks for (its `intent`). */
export type EmailIntent =
  | "smtp"
  | "test"
  | "template-save"
  | "template-preview"
  | "template-reset"
  | "whatsapp-save"
  | "whatsapp-preview"
  | "whatsapp-reset"
  | "contact-save"
  | "contact-preview"
  | "contact-reset"
  | "reason-add"
  | "reason-rename"
  | "reason-active"
  | "reason-move"
  | "retry"
  | "waiting-days";

/** The answer to a form of /admin/email, shown beside the form it belongs to. */
export interface EmailResult {
  /** The form it answers (as sent, so also an unknown one). */
  intent: string;
  ok: boolean;
  /** A message key for the whole form (a notice when ok, an error otherwise). */
  message?: string;
  params?: Record<string, string>;
  errors?: FieldErrors;
  /** The text of the template editor as sent (a preview, or a save that failed). */
  draft?: { subject: string; body: string };
  preview?: { subject: string; html: string; text: string };
  /** The WhatsApp message as sent with sample values, and the link it opens. */
  whatsappPreview?: { text: string; link: string };
  /** A contact template as sent, with sample values (app/mail/contact-templates.server.ts). */
  contactPreview?: { subject: string; text: string; link?: string; html?: string };
}

/** An answer with its HTTP status. */
export interface EmailOutcome {
  status: number;
  result: EmailResult;
}

type Details = Omit<EmailResult, "intent" | "ok">;

export const done = (intent: EmailIntent, details: Details = {}): EmailOutcome => ({
  status: 200,
  result: { intent, ok: true, ...details },
});

export const refused = (status: number, intent: string, details: Details): EmailOutcome => ({
  status,
  result: { intent, ok: false, ...details },
});
