import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { staffProfiles, submissions, user, welcomeCalls } from "#app/db/schema.server.ts";
import {
  contactChannels,
  contactPurposes,
  contactTemplateKey,
  contactVariables,
  CONTACT_BODY_MAX,
  CONTACT_SUBJECT_MAX,
  CONTACT_WHATSAPP_MAX,
  fillContactText,
  isContactChannel,
  isContactPurpose,
  placeholderPattern,
  purposesFor,
  unknownVariables,
  type ContactChannel,
  type ContactPurpose,
  type ContactValues,
} from "#app/mail/contact-purposes.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { whatsappLink } from "#app/utils/whatsapp.ts";
import { done, refused, type EmailOutcome } from "./admin/result.ts";
import { inertText } from "./inert-text.ts";
import { resetTemplate, saveTemplate } from "./templates-admin.server.ts";
import {
  actionMail,
  findTemplateOverride,
  firstNameOf,
  greetingName,
  simpleMail,
  type RenderedMail,
  type TemplateText,
} from "./templates.server.ts";

/*
 * The messages a reviewer sends from an application's page, each with a purpose (issue 29):
 * per purpose, channel and language a text with {{name}}, {{manager}}, {{booking_link}} and
 * {{call_time}}. An admin rewords them on /admin/email/contact; they are stored as the mail
 * templates are (mail_templates, key `contact:<purpose>:<channel>`; a WhatsApp text has no
 * subject). Discreet like every mail: nothing in them says what the work is.
 */

/** The built-in wording, placeholders kept as placeholders. */
export function builtInContactText(
  purpose: ContactPurpose,
  channel: ContactChannel,
  language: Language,
): TemplateText {
  const t = getFixedT(language);
  // i18next would fill the placeholders: they are handed back to themselves.
  const keep = Object.fromEntries(contactVariables.map((name) => [name, `{{${name}}}`]));
  const key = `mail.contactTemplates.${purpose}`;
  return channel === "whatsapp"
    ? { subject: "", body: t(`${key}.whatsapp`, keep) }
    : { subject: t(`${key}.subject`, keep), body: t(`${key}.body`, keep) };
}

export interface ContactTemplate extends TemplateText {
  overridden: boolean;
}

/** The admin's wording of a purpose on a channel in a language, else the built-in one. */
export async function contactTemplate(
  db: Reader,
  purpose: ContactPurpose,
  channel: ContactChannel,
  language: Language,
): Promise<ContactTemplate> {
  const own = await findTemplateOverride(db, contactTemplateKey(purpose, channel), language);
  return own
    ? { ...own, overridden: true }
    : { ...builtInContactText(purpose, channel, language), overridden: false };
}

/** Where she books her welcome call: her dashboard, on the site's configured origin. */
export const bookingLink = (origin = mailOrigin()) => `${origin}/dashboard/model#welcome-call`;

// The region whose conventions each language's dates follow.
const dateLocales: Record<Language, string> = {
  pt: "pt-BR",
  es: "es",
  en: "en-GB",
  it: "it",
  de: "de",
  sv: "sv",
};

/**
 * A call's day and time as she reads it: in her language, in her time zone, with the zone
 * named ("Tuesday 3 March at 14:00 (Western European Standard Time)"), so nobody has to guess
 * whether it is Brasília's time or hers.
 */
export function formatCallTime(startsAt: Date, timeZone: string, language: Language): string {
  const locale = dateLocales[language];
  const when = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(startsAt);
  const zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "long" })
    .formatToParts(startsAt)
    .find((part) => part.type === "timeZoneName")?.value;
  return zone ? `${when} (${zone})` : when;
}

/** What the templates fill in for one applicant: only what she has. */
export interface ApplicantContact {
  status: (typeof submissions.$inferSelect)["status"];
  language: Language;
  fullName: string;
  values: ContactValues;
  hasBookedCall: boolean;
}

/**
 * Her values: first name; her talent manager's display name (her staff profile's, else the
 * first name of her account) — the manager of her booked call when none is assigned; the
 * booking link once she is approved; her booked call's time in her language and zone.
 */
export async function applicantContact(
  db: Reader,
  application: {
    id: number;
    status: ApplicantContact["status"];
    language: string;
    fullName: string;
    managerId: string | null;
  },
  origin = mailOrigin(),
): Promise<ApplicantContact> {
  const language = normalizeLanguage(application.language) ?? "pt";
  const [call] = await db
    .select({
      startsAt: welcomeCalls.startsAt,
      timeZone: welcomeCalls.timeZone,
      managerId: welcomeCalls.managerId,
    })
    .from(welcomeCalls)
    .where(and(eq(welcomeCalls.submissionId, application.id), eq(welcomeCalls.state, "booked")))
    .limit(1);
  const managerId = application.managerId ?? call?.managerId ?? null;
  const [manager] = managerId
    ? await db
        .select({ account: user.name, display: staffProfiles.displayName })
        .from(user)
        .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
        .where(eq(user.id, managerId))
    : [];
  const managerName = (manager?.display?.trim() || firstNameOf(manager?.account ?? "")).trim();
  const approved = application.status === "Aprovado";
  const values: ContactValues = {
    name: firstNameOf(application.fullName),
    ...(approved && managerName ? { manager: managerName } : {}),
    ...(approved ? { booking_link: bookingLink(origin) } : {}),
    ...(approved && call
      ? { call_time: formatCallTime(call.startsAt, call.timeZone, language) }
      : {}),
  };
  return {
    status: application.status,
    language,
    fullName: application.fullName,
    values,
    hasBookedCall: approved && Boolean(call),
  };
}

/** A purpose's offer on her page: each channel's text filled, or the values it still lacks. */
export interface ContactOffer {
  purpose: ContactPurpose;
  whatsapp: { ready: boolean; missing: string[] };
  email: { ready: boolean; missing: string[] };
}

const missingIn = (text: string, values: ContactValues) =>
  [...new Set([...text.matchAll(placeholderPattern)].map((m) => m[1]!))].filter(
    (name) => !values[name as keyof ContactValues],
  );

/** The purposes that fit her state, each channel offered only when every value is there. */
export async function contactOffers(db: Reader, her: ApplicantContact): Promise<ContactOffer[]> {
  return Promise.all(
    purposesFor(her.status, her.hasBookedCall).map(async (purpose) => {
      const channel = async (name: ContactChannel) => {
        const text = await contactTemplate(db, purpose, name, her.language);
        const missing = missingIn(`${text.subject}\n${text.body}`, her.values);
        return { ready: missing.length === 0, missing };
      };
      return { purpose, whatsapp: await channel("whatsapp"), email: await channel("email") };
    }),
  );
}

/** The WhatsApp text for her, filled; null when it needs a value she lacks. */
export function whatsappText(text: TemplateText, values: ContactValues) {
  return fillContactText(text.body, values);
}

/**
 * The mail for her in the product's layout, or null when it needs a value she lacks. Her name
 * is made inert as every mail's is (inert-text.ts); a paragraph that is only {{booking_link}}
 * becomes the button.
 */
export function contactMail(
  purpose: ContactPurpose,
  language: Language,
  text: TemplateText,
  values: ContactValues,
): RenderedMail | null {
  const inert: ContactValues = {
    ...values,
    ...(values.name ? { name: greetingName(values.name) } : {}),
    ...(values.manager ? { manager: inertText(values.manager) } : {}),
  };
  const subject = fillContactText(text.subject.replace(/\s+/g, " "), inert);
  const body = fillContactText(text.body, inert);
  if (subject === null || body === null) return null;
  // The button's paragraph is found in the text as written, not in what her values made of it.
  const written = text.body
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const paragraphs = body
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const button = written.findIndex((p) => /^\{\{\s*booking_link\s*\}\}$/.test(p));
  if (button < 0 || !values.booking_link) return simpleMail(language, subject, paragraphs);
  const t = getFixedT(language);
  return actionMail(language, {
    subject,
    preview: paragraphs[0] ?? subject,
    paragraphs: paragraphs.slice(0, button),
    action: {
      label: t(
        purpose === "reminder"
          ? "mail.contactTemplates.actionReminder"
          : "mail.contactTemplates.action",
      ),
      url: values.booking_link,
      after: paragraphs.slice(button + 1),
    },
  });
}

/** The sample values of the admin's preview, in the language being edited. */
export function sampleValues(language: Language, origin = mailOrigin()): Required<ContactValues> {
  // A Tuesday at 14:00 in Brasília, a few weeks ahead of any date the screen is looked at.
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 14));
  day.setUTCDate(day.getUTCDate() + ((9 - day.getUTCDay()) % 7));
  day.setUTCHours(17, 0, 0, 0);
  return {
    name: "Ana",
    manager: "Carla",
    booking_link: bookingLink(origin),
    call_time: formatCallTime(day, "America/Sao_Paulo", language),
  };
}

// A made-up number in the preview, so the admin sees what the button opens.
const SAMPLE_NUMBER = "+5548999999999";

export interface ContactPreview {
  subject: string;
  text: string;
  link?: string;
  html?: string;
}

/** The text filled with sample values, as it would be sent. */
export function previewContact(
  purpose: ContactPurpose,
  channel: ContactChannel,
  language: Language,
  text: TemplateText,
  origin?: string,
): ContactPreview {
  const values = sampleValues(language, origin);
  if (channel === "whatsapp") {
    const filled = whatsappText(text, values) ?? "";
    return { subject: "", text: filled, link: whatsappLink(SAMPLE_NUMBER, filled) };
  }
  const mail = contactMail(purpose, language, text, values)!;
  return { subject: mail.subject, text: mail.text, html: mail.html };
}

const bodyField = (max: number) =>
  z
    .string({ error: "contactTemplates.errors.body" })
    .trim()
    .min(1, { error: "contactTemplates.errors.body" })
    .max(max, { error: "validation.tooLong" });

const whatsappSchema = z.object({ subject: z.string(), body: bodyField(CONTACT_WHATSAPP_MAX) });
const emailSchema = z.object({
  subject: z
    .string({ error: "contactTemplates.errors.subject" })
    .trim()
    .min(1, { error: "contactTemplates.errors.subject" })
    .max(CONTACT_SUBJECT_MAX, { error: "validation.tooLong" })
    .refine((value) => !/[\r\n]/.test(value), { error: "contactTemplates.errors.subject" }),
  body: bodyField(CONTACT_BODY_MAX),
});

/** The editor's form as sent. */
export interface ContactTemplateForm {
  purpose: string;
  channel: string;
  language: string;
  subject: string;
  body: string;
}

export type ContactTemplateIntent = "contact-save" | "contact-preview" | "contact-reset";

/**
 * The editor's three buttons: back to the built-in text, or the text as sent checked (a
 * placeholder its purpose does not know is refused), then previewed with sample values or
 * saved (each save and reset in the access log, as a mail template's).
 */
export async function handleContactTemplateForm(
  db: Database,
  intent: ContactTemplateIntent,
  form: ContactTemplateForm,
  actor: Actor,
  origin?: string,
): Promise<EmailOutcome> {
  const { purpose, channel } = form;
  const language = normalizeLanguage(form.language);
  if (!isContactPurpose(purpose) || !isContactChannel(channel) || !language) {
    return refused(404, intent, { message: "contactTemplates.errors.notFound" });
  }
  const ref = { key: contactTemplateKey(purpose, channel) };
  if (intent === "contact-reset") {
    await resetTemplate(db, ref, language, actor);
    return done(intent, { message: "contactTemplates.resetDone" });
  }
  const draft = { subject: channel === "whatsapp" ? "" : form.subject, body: form.body };
  const parsed = (channel === "whatsapp" ? whatsappSchema : emailSchema).safeParse(draft);
  if (!parsed.success) return refused(400, intent, { draft, errors: fieldErrorsOf(parsed.error) });
  for (const field of ["subject", "body"] as const) {
    const unknown = unknownVariables(purpose, parsed.data[field]);
    if (unknown.length) {
      return refused(400, intent, {
        draft,
        errors: { [field]: "contactTemplates.errors.placeholder" },
        params: { placeholders: unknown.map((name) => `{{${name}}}`).join(", ") },
      });
    }
  }
  if (intent === "contact-preview") {
    const preview = previewContact(purpose, channel, language, parsed.data, origin);
    return done(intent, { draft, contactPreview: preview });
  }
  await saveTemplate(db, ref, language, parsed.data, actor);
  return done(intent, { message: "contactTemplates.saved" });
}

/** Which contact templates have an admin's wording, as "purpose|channel|language". */
export function editedContactTemplates(overridden: Iterable<string>) {
  const keys = new Set<string>();
  for (const entry of overridden) {
    const [key, language] = entry.split("|");
    const match = /^contact:([\w-]+):(\w+)$/.exec(key ?? "");
    if (match && isContactPurpose(match[1]) && isContactChannel(match[2])) {
      keys.add(`${match[1]}|${match[2]}|${language}`);
    }
  }
  return [...keys];
}

export { contactChannels, contactPurposes };

/** The contact panel of her page: the purposes that fit her state now, and each one's channels. */
export async function contactOffersFor(db: Reader, submissionId: number) {
  const [row] = await db
    .select({
      id: submissions.id,
      status: submissions.status,
      language: submissions.language,
      fullName: submissions.fullName,
      managerId: submissions.managerId,
      erasedAt: submissions.erasedAt,
    })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!row || row.erasedAt) return [];
  return contactOffers(db, await applicantContact(db, row));
}
