import { z } from "zod";
import type { Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { whatsappLink } from "#app/utils/whatsapp.ts";
import { done, refused, type EmailOutcome } from "./admin/result.ts";
import { resetTemplate, saveTemplate } from "./templates-admin.server.ts";
import { findTemplateOverride, firstNameOf } from "./templates.server.ts";

/*
 * The message a reviewer's "Message on WhatsApp" button types in for the applicant, per language.
 * An admin rewords it on /admin/email beside the mail templates, and it is stored with them
 * (mail_templates, key "whatsapp", no subject). Like the mails it is discreet: whoever glances at
 * her phone learns nothing of what the work is.
 */

export const WHATSAPP_TEMPLATE = "whatsapp";
const ref = { key: WHATSAPP_TEMPLATE };

/** A link carries the text: long ones are cut by some phones and proxies. */
export const WHATSAPP_MAX = 1000;

/** The placeholders it knows: her first name, as the mails greet her. */
export const whatsappPlaceholders = ["name"] as const;

const placeholderPattern = /\{\{\s*(\w+)\s*\}\}/g;

/** The built-in wording of a language, with {{name}} where her first name goes. */
export function builtInWhatsappText(language: Language): string {
  return getFixedT(language)("mail.whatsapp.body", { name: "{{name}}" });
}

/** What the editor starts from and the button sends: the admin's wording, else the built-in. */
export async function whatsappTemplate(db: Reader, language: Language) {
  const own = await findTemplateOverride(db, WHATSAPP_TEMPLATE, language);
  return own
    ? { body: own.body, overridden: true }
    : { body: builtInWhatsappText(language), overridden: false };
}

/**
 * The text with her first name filled in, in one pass: a name that looks like a placeholder
 * stays as typed. An unknown placeholder (none can be saved) is left as it is.
 */
export function fillWhatsappText(text: string, fullName: string): string {
  const name = firstNameOf(fullName);
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .replace(placeholderPattern, (whole, key: string) => (key === "name" ? name : whole));
}

/** The message for her, in her language. */
export async function whatsappMessage(db: Reader, language: Language, fullName: string) {
  const { body } = await whatsappTemplate(db, language);
  return fillWhatsappText(body, fullName);
}

export const whatsappTextSchema = z.object({
  body: z
    .string({ error: "admin.email.whatsapp.errors.body" })
    .trim()
    .min(1, { error: "admin.email.whatsapp.errors.body" })
    .max(WHATSAPP_MAX, { error: "validation.tooLong" }),
});

/** The placeholders a text uses that the message does not know. */
function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(placeholderPattern)]
    .map((match) => match[1]!)
    .filter(
      (name, index, all) =>
        !(whatsappPlaceholders as readonly string[]).includes(name) && all.indexOf(name) === index,
    );
}

// A made-up number in the preview, so the admin sees what the button opens.
const SAMPLE_NUMBER = "+5548999999999";
const SAMPLE_NAME = "Ana Beatriz Souza";

/** The message with a sample name, and the link it would open. */
export function previewWhatsapp(text: string) {
  const filled = fillWhatsappText(text, SAMPLE_NAME);
  return { text: filled, link: whatsappLink(SAMPLE_NUMBER, filled) };
}

/** The WhatsApp editor's form as sent. */
export interface WhatsappForm {
  language: string;
  body: string;
}

/**
 * The WhatsApp editor's three buttons: back to the built-in text, or the text as sent checked,
 * then previewed with a sample name or saved (each save and reset in the access log, as a mail
 * template's).
 */
export async function handleWhatsappForm(
  db: Database,
  intent: "whatsapp-save" | "whatsapp-preview" | "whatsapp-reset",
  form: WhatsappForm,
  actor: Actor,
): Promise<EmailOutcome> {
  const language = normalizeLanguage(form.language);
  if (!language) return refused(404, intent, { message: "admin.email.errors.notFound" });
  if (intent === "whatsapp-reset") {
    await resetTemplate(db, ref, language, actor);
    return done(intent, { message: "admin.email.whatsapp.resetDone" });
  }
  const draft = { subject: "", body: form.body };
  const parsed = whatsappTextSchema.safeParse(draft);
  if (!parsed.success) return refused(400, intent, { draft, errors: fieldErrorsOf(parsed.error) });
  const unknown = unknownPlaceholders(parsed.data.body);
  if (unknown.length) {
    return refused(400, intent, {
      draft,
      errors: { body: "admin.email.errors.placeholder" },
      params: { placeholders: unknown.map((name) => `{{${name}}}`).join(", ") },
    });
  }
  if (intent === "whatsapp-preview") {
    return done(intent, { draft, whatsappPreview: previewWhatsapp(parsed.data.body) });
  }
  await saveTemplate(db, ref, language, { subject: "", body: parsed.data.body }, actor);
  return done(intent, { message: "admin.email.whatsapp.saved" });
}
