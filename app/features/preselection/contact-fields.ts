import { z } from "zod";
import { limits, normalizePhone } from "./fields.ts";
import { E164 } from "#app/utils/whatsapp.ts";

/**
 * Her name and WhatsApp as the pre-selection form checks them, shared with the model's profile on
 * her dashboard. A module of its own: the form loads its whole schema only when she starts typing
 * (a dynamic import), which a static import of schema.ts from another page would defeat. The
 * number is checked as E.164 by the rule the application's WhatsApp button follows.
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
  .transform((value) => (value ? normalizePhone(value) : undefined))
  .refine((value) => value === undefined || E164.test(value), {
    error: "validation.whatsappInvalid",
  });
