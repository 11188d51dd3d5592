import { z } from "zod";
import { languages } from "#app/i18n/languages.ts";
import { fullNameField, whatsappField } from "#app/features/preselection/contact-fields.ts";
import { limits } from "#app/features/preselection/fields.ts";

// No `new Function` probe when the object schema below is made: the strict CSP reports it.
z.config({ jitless: true });

/**
 * A model's profile on her dashboard: her name and WhatsApp are checked exactly as the
 * pre-selection form checks them; Instagram or a portfolio address is optional here (she may not
 * have sent one), and the language is the one her e-mails are written in. Messages are keys.
 */
export const profileSchema = z.object({
  name: fullNameField,
  whatsapp: whatsappField,
  instagram: z
    .string()
    .trim()
    .max(limits.instagram, { error: "validation.tooLong" })
    .optional()
    .transform((value) => value || undefined),
  language: z.enum(
    languages.map((language) => language.code),
    { error: "dashboard.profile.languageInvalid" },
  ),
});

/** The profile form's fields, in the order the form shows them. */
export const profileFields = ["name", "whatsapp", "instagram", "language"] as const;
