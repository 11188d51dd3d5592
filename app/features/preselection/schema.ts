import { z } from "zod";
import {
  experienceLevels,
  limits,
  MESSAGE_MIN_LENGTH,
  MIN_AGE,
  preselectionFields,
  type PreselectionField,
} from "./fields.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { newPasswordField } from "#app/auth/new-password.ts";
import { fullNameField, text, whatsappField } from "./contact-fields.ts";

// No `new Function` probe: under the strict CSP the browser reports it as a violation.
z.config({ jitless: true });

/**
 * The pre-selection form (spec sections 3 and 5), one schema for browser and server.
 * Messages are translation keys: each side shows them in the visitor's language.
 */

export const preselectionSchema = z.object({
  fullName: fullNameField,
  age: z
    .string({ error: "validation.ageInvalid" })
    .trim()
    .regex(/^\d{1,3}$/, { error: "validation.ageInvalid" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(MIN_AGE, { error: "validation.ageMin" })
        .max(120, { error: "validation.ageInvalid" }),
    ),
  email: z
    .string({ error: "applying.emailRequired" })
    .trim()
    .min(1, { error: "applying.emailRequired" })
    .max(limits.email, { error: "validation.tooLong" })
    .pipe(z.email({ error: "validation.emailInvalid" })),
  whatsapp: whatsappField,
  instagram: text(limits.instagram, "validation.instagramRequired").min(1, {
    error: "validation.instagramRequired",
  }),
  experience: z.enum(experienceLevels, { error: "validation.experienceRequired" }),
  message: text(limits.message, "validation.messageMin").min(MESSAGE_MIN_LENGTH, {
    error: "validation.messageMin",
  }),
  consent: z.literal("on", { error: "validation.consentRequired" }),
});

export type Preselection = z.output<typeof preselectionSchema>;

/** Validates raw form values; on failure, one message key per field (the first problem). */
export function validatePreselection(
  values: Record<string, unknown>,
):
  | { success: true; data: Preselection }
  | { success: false; fieldErrors: FieldErrors<PreselectionField> } {
  const input = Object.fromEntries(
    preselectionFields.map((field) => {
      const value = values[field];
      return [field, typeof value === "string" && value !== "" ? value : undefined];
    }),
  );
  const result = preselectionSchema.safeParse(input);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, fieldErrors: fieldErrorsOf<PreselectionField>(result.error) };
}

/**
 * The form of /register/model: the application plus the password of her account (length here;
 * the server also refuses common passwords).
 */
export function validateRegistration(
  values: Record<string, unknown>,
):
  | { success: true; data: Preselection & { password: string } }
  | { success: false; fieldErrors: FieldErrors<PreselectionField> } {
  const application = validatePreselection(values);
  const password = typeof values.password === "string" ? values.password : "";
  const checked = newPasswordField.safeParse(password);
  const passwordError = checked.success ? null : checked.error.issues[0]!.message;
  if (application.success && !passwordError) {
    return { success: true, data: { ...application.data, password } };
  }
  const fieldErrors: FieldErrors<PreselectionField> = application.success
    ? {}
    : { ...application.fieldErrors };
  if (passwordError) fieldErrors.password = passwordError;
  return { success: false, fieldErrors };
}
