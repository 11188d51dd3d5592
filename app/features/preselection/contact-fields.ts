import { z } from "zod";
import { limits } from "./fields.ts";
import { normalizePhoneNumber } from "./phone.ts";

/**
 * Her name and WhatsApp as the pre-selection form checks them, shared with the model's profile on
 * her dashboard. A module of its own: the form loads its whole schema only when she starts typing
 * (a dynamic import), which a static import of schema.ts from another page would defeat. The
 * number is read by the chatbot's rule (phone.ts); the form asks no country, so it needs its
 * "+code", and is stored as E.164, the form the application's WhatsApp button follows.
 */
export const text = (max: number, requiredKey: string) =>
  z.string({ error: requiredKey }).trim().max(max, { error: "validation.tooLong" });

export const fullNameField = text(limits.fullName, "validation.fullNameRequired").min(1, {
  error: "validation.fullNameRequired",
});

export const whatsappField = z
  .string()
  .trim()
  .max(limits.whatsapp, { error: "validation.tooLong" })
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const number = normalizePhoneNumber(value);
    if (number) return number;
    context.addIssue({ code: "custom", message: "validation.whatsappInvalid" });
    return z.NEVER;
  });
