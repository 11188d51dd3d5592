import { z } from "zod";
import { parseAmount } from "./money.ts";
import { checkPlatform, MAX_REASON } from "./platform.ts";

/*
 * The statement screen's forms (one schema per intent, decision 030): each message is a locale
 * key of the `statements` namespace, so the server's refusal reads in her language.
 */

const platform = z
  .string()
  .default("")
  .transform((value, context) => {
    const checked = checkPlatform(value);
    if (checked.ok) return checked.value;
    context.addIssue({ code: "custom", message: `statements.errors.${checked.error}` });
    return z.NEVER;
  });

/** An amount as typed; `sign` says whether a negative one is an error ("negative"). */
const amount = (sign: "positive" | "any" | "nonZero") =>
  z
    .string()
    .default("")
    .transform((value, context) => {
      const parsed = parseAmount(value);
      if (!parsed.ok) {
        context.addIssue({ code: "custom", message: `statements.errors.${parsed.error}` });
        return z.NEVER;
      }
      if (sign === "positive" && parsed.cents < 0) {
        context.addIssue({ code: "custom", message: "statements.errors.negative" });
        return z.NEVER;
      }
      if (sign === "nonZero" && parsed.cents === 0) {
        context.addIssue({ code: "custom", message: "statements.errors.zero" });
        return z.NEVER;
      }
      return parsed.cents;
    });

const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

const day = z
  .string()
  .default("")
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(`${value}T00:00:00Z`);
    // A day of the calendar: 2026-02-31 rolls over in JavaScript, and is refused here.
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "statements.errors.paidOn");

export const statementForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), platform, amount: amount("positive") }),
  z.object({ intent: z.literal("remove"), line: id }),
  z.object({ intent: z.literal("publish") }),
  z.object({
    intent: z.literal("correct"),
    platform,
    amount: amount("nonZero"),
    reason: z
      .string()
      .default("")
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, "statements.errors.reason")
          .max(MAX_REASON, "statements.errors.reasonLength"),
      ),
  }),
  z.object({
    intent: z.literal("paid"),
    paidOn: day,
    amount: amount("positive"),
    reference: z
      .string()
      .default("")
      .transform((value) => value.trim())
      .pipe(
        z.string().min(1, "statements.errors.reference").max(100, "statements.errors.reference"),
      ),
  }),
]);

export type StatementIntent = z.input<typeof statementForm>["intent"];

/** The fields a form of the statement screen shows again after a refusal. */
export const statementFields = ["platform", "amount", "reason", "paidOn", "reference"] as const;
export type StatementField = (typeof statementFields)[number];
