import { z } from "zod";
import { normalizePhoneNumber } from "#app/features/preselection/phone.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import {
  chatbotFields,
  chatbotLimits,
  countryCodes,
  experienceLevels,
  MAX_AGE,
  MESSAGE_MIN_LENGTH,
  MIN_AGE,
  MIN_NAME_LENGTH,
  questionFields,
  type Answers,
  type ChatbotField,
  type Question,
} from "./questions.ts";

// No `new Function` probe: under the strict CSP the browser reports it as a violation.
z.config({ jitless: true });

/**
 * The chatbot's rules (spec section 5), one schema for the browser, which checks each answer as
 * it is given, and the server, which checks the whole application again. Messages are
 * translation keys; the chat shows them after "Oops, invalid data!".
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Instagram: letters, digits, periods and underscores, up to 30, no period first, last or twice. */
const INSTAGRAM_HANDLE = /^@?(?!\.)(?!.*\.\.)[A-Za-z0-9._]{1,30}(?<!\.)$/;
const countries = new Set(countryCodes);

const text = (max: number, key: string) =>
  z.string({ error: key }).trim().max(max, { error: "chatbot.errors.tooLong" });

/** Her age in whole years on a day (both as YYYY-MM-DD), or null for an impossible date. */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const birth = ISO_DATE.exec(dateOfBirth);
  const now = ISO_DATE.exec(today);
  if (!birth || !now) return null;
  const [year, month, day] = birth.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null; // 31 Feb
  const [y, m, d] = now.slice(1).map(Number) as [number, number, number];
  return y - year - (m < month || (m === month && d < day) ? 1 : 0);
}

/**
 * The day the server checks her age on: the latest date anywhere on Earth (UTC+14), as
 * YYYY-MM-DD. "18 on the day of sending" is by her own calendar, and the server does not know
 * where she is; the chat checks her local day, which is never later than this one, so an answer
 * the chat accepted is never refused after she confirms.
 */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;
export const isoToday = (now = new Date()) =>
  new Date(now.getTime() + LATEST_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** "@Ana.Souza" or "ana.souza" → "@ana.souza"; an http(s) link is kept as typed. */
export function normalizeInstagram(value: string): string | null {
  const trimmed = value.trim();
  if (INSTAGRAM_HANDLE.test(trimmed)) return `@${trimmed.replace(/^@/, "").toLowerCase()}`;
  try {
    const url = new URL(trimmed);
    const web =
      (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    return web && !/\s/.test(trimmed) ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * "123.456.789-09" → "12345678909", "ya 123 4567" → "YA1234567": the separators people type
 * (space, dot, dash, slash) are dropped and letters capitalised. Nothing else is dropped: a tab,
 * a line break or any other character stays, and the check below refuses it.
 */
export const normalizeDocument = (value: string) =>
  value.replace(/[ \u00a0.\-/]/g, "").toUpperCase();

/**
 * An ID or passport number (decision 035): 4 to 20 Latin letters and digits, at least one
 * digit. The spec's "digits only" refused real documents: passports (Brazil's "AB123456",
 * Italy's "YA1234567", Germany's "C01X00T47"), identity cards (Spain's DNI "12345678Z",
 * Portugal's "12345678 9 ZZ1") and Brazilian RGs ending in "X".
 */
export const DOCUMENT = /^(?=.*[0-9])[A-Z0-9]{4,20}$/;

/**
 * The phone number, read in the country she chose (from the same answers) when she typed it
 * without its "+code": the chat's check and the server's are the same function.
 */
const phoneIn = (country: string | undefined) =>
  z
    .string({ error: "chatbot.errors.phone" })
    .trim()
    .max(chatbotLimits.phone, { error: "chatbot.errors.tooLong" })
    .transform((value, context) => {
      const number = normalizePhoneNumber(value, country);
      if (number) return number;
      context.addIssue({ code: "custom", message: "chatbot.errors.phone" });
      return z.NEVER;
    });

function chatbotSchema(today: string, country?: string) {
  return z.object({
    fullName: text(chatbotLimits.fullName, "chatbot.errors.fullName").min(MIN_NAME_LENGTH, {
      error: "chatbot.errors.fullName",
    }),
    dateOfBirth: z
      .string({ error: "chatbot.errors.dateOfBirthInvalid" })
      .trim()
      .superRefine((value, context) => {
        const age = ageOn(value, today);
        if (age === null || age < 0 || age > MAX_AGE) {
          context.addIssue({ code: "custom", message: "chatbot.errors.dateOfBirthInvalid" });
        } else if (age < MIN_AGE) {
          context.addIssue({ code: "custom", message: "chatbot.errors.dateOfBirthMinor" });
        }
      }),
    country: z
      .string({ error: "chatbot.errors.location" })
      .trim()
      .toUpperCase()
      .refine((code) => countries.has(code), { error: "chatbot.errors.location" }),
    city: text(chatbotLimits.city, "chatbot.errors.location").min(2, {
      error: "chatbot.errors.location",
    }),
    phone: phoneIn(country),
    email: z
      .string({ error: "chatbot.errors.email" })
      .trim()
      .max(chatbotLimits.email, { error: "chatbot.errors.tooLong" })
      .pipe(z.email({ error: "chatbot.errors.email" })),
    document: z
      .string({ error: "chatbot.errors.document" })
      .max(chatbotLimits.document, { error: "chatbot.errors.tooLong" })
      .transform(normalizeDocument)
      .refine((value) => DOCUMENT.test(value), { error: "chatbot.errors.document" }),
    instagram: z
      .string()
      .trim()
      .max(chatbotLimits.instagram, { error: "chatbot.errors.tooLong" })
      .optional()
      .transform((value, context) => {
        if (!value) return undefined;
        const normalized = normalizeInstagram(value);
        if (normalized === null) {
          context.addIssue({ code: "custom", message: "chatbot.errors.instagram" });
          return z.NEVER;
        }
        return normalized;
      }),
    experience: z.enum(experienceLevels, { error: "chatbot.errors.experience" }),
    message: text(chatbotLimits.message, "chatbot.errors.message")
      .optional()
      .refine((value) => !value || value.length >= MESSAGE_MIN_LENGTH, {
        error: "chatbot.errors.message",
      }),
    consent: z.literal("on", { error: "validation.consentRequired" }),
  });
}

export type ChatbotApplication = z.output<ReturnType<typeof chatbotSchema>>;

/** Empty strings count as not answered, so optional answers may be left out. */
function input(values: Answers, fields: readonly ChatbotField[]) {
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field];
      return [field, typeof value === "string" && value.trim() !== "" ? value : undefined];
    }),
  );
}

/** The whole application, as the server checks it before storing it. */
export function validateChatbotApplication(
  values: Answers,
  today = isoToday(),
):
  | { success: true; data: ChatbotApplication }
  | { success: false; fieldErrors: FieldErrors<ChatbotField> } {
  const result = chatbotSchema(today, values.country).safeParse(input(values, chatbotFields));
  return result.success
    ? { success: true, data: result.data }
    : { success: false, fieldErrors: fieldErrorsOf<ChatbotField>(result.error) };
}

/**
 * One answer, as the chat checks it before asking the next question: the first field with a
 * problem and its message key, or null when the answer is fine.
 */
export function checkAnswer(
  question: Question,
  values: Answers,
  today: string,
): { field: ChatbotField; error: string } | null {
  const fields = questionFields[question];
  const shape = Object.fromEntries(
    fields.map((field) => [field, chatbotSchema(today, values.country).shape[field]]),
  );
  const result = z.object(shape).safeParse(input(values, fields));
  if (result.success) return null;
  const errors = fieldErrorsOf<ChatbotField>(result.error);
  const field = fields.find((f) => errors[f]);
  return field
    ? { field, error: errors[field]! }
    : { field: fields[0]!, error: result.error.issues[0]!.message };
}
