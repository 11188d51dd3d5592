import type { SubmissionStatus } from "#app/db/submission-statuses.ts";

/**
 * Why a reviewer writes to an applicant, and what she may be sent in each state (browser-safe:
 * her page offers the buttons and the template screen checks a text as typed by the same rules
 * the server checks). Issue 29, product.md s. 8.
 */
export const contactPurposes = [
  "more-photos",
  "welcome",
  "schedule-call",
  "reminder",
  "rejected",
] as const;
export type ContactPurpose = (typeof contactPurposes)[number];

export const isContactPurpose = (value: unknown): value is ContactPurpose =>
  contactPurposes.includes(value as ContactPurpose);

export const contactChannels = ["whatsapp", "email"] as const;
export type ContactChannel = (typeof contactChannels)[number];

export const isContactChannel = (value: unknown): value is ContactChannel =>
  contactChannels.includes(value as ContactChannel);

/**
 * The purposes that fit her state. A rejected applicant is never asked for a call; the reminder
 * only exists while a call is booked, and then nobody asks her to book one again.
 */
export function purposesFor(status: SubmissionStatus, hasBookedCall: boolean): ContactPurpose[] {
  if (status === "Pendente") return ["more-photos"];
  if (status === "Reprovado") return ["rejected"];
  return hasBookedCall ? ["reminder"] : ["welcome", "schedule-call"];
}

/** The outbox's kind of a purpose's mail, and back (the outbox names it by its purpose). */
export const contactMailKind = (purpose: ContactPurpose) => `contact-${purpose}`;
export const purposeOfMailKind = (kind: string) => {
  const purpose = kind.replace(/^contact-/, "");
  return kind.startsWith("contact-") && isContactPurpose(purpose) ? purpose : null;
};

/** The variables a template may use. */
export const contactVariables = ["name", "manager", "booking_link", "call_time"] as const;
export type ContactVariable = (typeof contactVariables)[number];

/**
 * What each purpose may mention: only what can have a value in the states it is sent in (no call
 * time before a call is booked, no manager or booking link before she is approved).
 */
export const purposeVariables: Record<ContactPurpose, readonly ContactVariable[]> = {
  "more-photos": ["name"],
  welcome: ["name", "manager", "booking_link"],
  "schedule-call": ["name", "manager", "booking_link"],
  reminder: ["name", "manager", "booking_link", "call_time"],
  rejected: ["name"],
};

/** Where a purpose's wording is stored (mail_templates.template) for one channel. */
export const contactTemplateKey = (purpose: ContactPurpose, channel: ContactChannel) =>
  `contact:${purpose}:${channel}`;

export const placeholderPattern = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholders a text uses, each once, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1]!))];
}

/** The placeholders a text uses that its purpose does not know. */
export const unknownVariables = (purpose: ContactPurpose, text: string) =>
  placeholdersIn(text).filter((name) => !(purposeVariables[purpose] as string[]).includes(name));

export type ContactValues = Partial<Record<ContactVariable, string>>;

/**
 * The text with her values, in one pass: a value that looks like a placeholder (a name typed
 * as "{{booking_link}}") stays as typed. Null when the text needs a value she does not have
 * (no manager yet): such a message is not offered rather than sent with a gap.
 */
export function fillContactText(text: string, values: ContactValues): string | null {
  const missing = placeholdersIn(text).some((name) => !values[name as ContactVariable]);
  if (missing) return null;
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .replace(placeholderPattern, (_whole, key: string) => values[key as ContactVariable]!);
}

/** A WhatsApp message travels in a link: long ones are cut by some phones and proxies. */
export const CONTACT_WHATSAPP_MAX = 1000;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_BODY_MAX = 5000;

/**
 * The admin's live preview: the known placeholders filled with sample values, in one pass,
 * anything else left as written (the editor names it, and the server refuses to save it).
 */
export function previewFill(text: string, purpose: ContactPurpose, values: ContactValues) {
  const known = purposeVariables[purpose] as readonly string[];
  return text
    .replace(/\r\n?/g, "\n")
    .replace(placeholderPattern, (whole, key: string) =>
      known.includes(key) ? (values[key as ContactVariable] ?? whole) : whole,
    );
}

/** A mail body's paragraphs, as the mail lays them out (a blank line between two). */
export const paragraphsOf = (body: string) =>
  body
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Is this paragraph the booking link alone (the mail's button)? */
export const isButtonParagraph = (paragraph: string) =>
  /^\{\{\s*booking_link\s*\}\}$/.test(paragraph);
