import { isCalendarDay } from "#app/utils/calendar-day.ts";
import { z } from "zod";
import { isValidCnpj, normalizeCnpj } from "#app/features/site/cnpj.ts";
import { isSupportedLanguage, type Language } from "#app/i18n/languages.ts";
import { CONTRACT_BODY_MAX, CONTRACT_TITLE_MAX, parseShare } from "./contract-text.ts";

/**
 * The contracts' forms, one schema each for the browser and the server (issue 30). Messages are
 * translation keys under contracts.errors.
 */

const text = z.string().default("");
const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, "contracts.errors.invalid")
  .transform(Number);

export const languageParam = (value: string | null): Language =>
  value && isSupportedLanguage(value) ? value : "pt";

export const templateForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(["save", "publish", "preview"]),
    language: z.string().refine(isSupportedLanguage, "contracts.errors.invalid"),
    title: text
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, "contracts.errors.titleRequired")
          .max(CONTRACT_TITLE_MAX, "contracts.errors.titleTooLong")
          .refine((value) => !value.includes("{{"), "contracts.errors.titleVariables"),
      ),
    body: text.pipe(
      z
        .string()
        .refine((value) => value.trim().length > 0, "contracts.errors.bodyRequired")
        .refine((value) => value.length <= CONTRACT_BODY_MAX, "contracts.errors.bodyTooLong"),
    ),
  }),
  z.object({
    intent: z.literal("agency"),
    legalName: text
      .transform((value) => value.trim().replace(/\s+/g, " "))
      .pipe(
        z
          .string()
          .min(2, "contracts.errors.legalNameRequired")
          .max(200, "contracts.errors.legalNameRequired"),
      ),
    cnpj: text
      .transform(normalizeCnpj)
      .pipe(z.string().refine(isValidCnpj, "contracts.errors.cnpj")),
  }),
]);

/** A calendar day that exists ("2030-02-31" does not: JavaScript would roll it into March). */
const calendarDay = text.refine(isCalendarDay, "contracts.errors.startDate");

export const typedName = text
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z.string().min(2, "contracts.errors.nameRequired").max(200, "contracts.errors.nameRequired"),
  );

export const staffContractForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("offer"),
    share: text.transform((value, ctx) => {
      const basisPoints = parseShare(value);
      if (basisPoints === null) {
        ctx.addIssue({ code: "custom", message: "contracts.errors.share" });
        return z.NEVER;
      }
      return basisPoints;
    }),
    startsOn: calendarDay,
  }),
  z.object({ intent: z.literal("withdraw"), contract: id }),
  z.object({ intent: z.literal("countersign"), contract: id, name: typedName }),
]);

export const signingForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sign"),
    contract: id,
    sha256: text.pipe(z.string().regex(/^[0-9a-f]{64}$/, "contracts.errors.invalid")),
    name: typedName,
    agree: text.transform((value) => value === "yes"),
    // Her password (up to Better Auth's longest) or her authenticator's six digits.
    secret: text.pipe(
      z
        .string()
        .min(1, "contracts.errors.secretRequired")
        .max(128, "contracts.errors.secretRequired"),
    ),
  }),
  z.object({
    intent: z.literal("withdraw-consent"),
    contract: id,
    confirm: z.literal("yes", { error: "contracts.errors.confirmWithdrawal" }),
  }),
]);
