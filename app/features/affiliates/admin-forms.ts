import { isCalendarDay } from "#app/utils/calendar-day.ts";
import { z } from "zod";
import { referralMilestones, riskDecisions } from "#app/db/affiliate-program-states.ts";
import { parseShare } from "#app/features/contracts/contract-text.ts";
import { parseAmount } from "#app/features/statements/money.ts";
import { noRule, type CommissionRule } from "./rules.ts";

// Also loaded by the affiliates' pages in the browser: no `new Function` probe, which the strict
// CSP reports as a violation (as in app/features/preselection/schema.ts).
z.config({ jitless: true });

// The formats live apart so the affiliate portal shows money without loading zod.
export { formatMoney } from "./money.ts";

/**
 * The forms of an affiliate's page in the back office (admin/afiliados/:id): one schema each,
 * for the server's checks and the browser's messages. Messages are locale keys.
 */

export const affiliateStatusValues = ["active", "suspended"] as const;
export type AffiliateStatusValue = (typeof affiliateStatusValues)[number];

export const NOTE_MAX = 500;

// No affiliate earned anything before the agency had affiliates.
const EARLIEST_DAY = "2000-01-01";

/**
 * The latest calendar day anywhere on Earth (UTC+14): an entry dated today is never refused
 * for the admin's time zone, and tomorrow is refused everywhere.
 */
export function latestToday(now = new Date()) {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** Today in Florianópolis (UTC−3), the ledger form's default day. */
export function agencyToday(now = new Date()) {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

const text = (error: string) => z.string({ error }).trim();

export const statusForm = z.object({
  status: z.enum(affiliateStatusValues, { error: "admin.affiliates.errors.status" }),
});

const reais = (required: string) =>
  text("admin.affiliates.errors.amount")
    .min(1, { error: required })
    .transform((value, context) => {
      const parsed = parseAmount(value);
      if (!parsed.ok) {
        context.addIssue({
          code: "custom",
          message:
            parsed.error === "ambiguous"
              ? "admin.affiliates.errors.amountAmbiguous"
              : "admin.affiliates.errors.amount",
        });
        return z.NEVER;
      }
      return parsed.cents;
    });

/**
 * A rule (the program's, or one affiliate's override): a fixed amount at a milestone, and/or a
 * percentage of the agency's share for a number of months; at least one of the two. An empty
 * milestone means no fixed amount; an empty percentage, no share.
 */
export const ruleForm = z
  .object({
    milestone: z.enum(["", ...referralMilestones], { error: "admin.affiliates.errors.milestone" }),
    fixed: text("admin.affiliates.errors.amount"),
    share: text("admin.affiliates.errors.share"),
    months: text("admin.affiliates.errors.months"),
  })
  .transform((form, context) => {
    const rule: CommissionRule = { ...noRule };
    if (form.milestone) {
      const parsed = parseAmount(form.fixed);
      if (!parsed.ok || parsed.cents <= 0) {
        context.addIssue({
          code: "custom",
          path: ["fixed"],
          message: parsed.ok
            ? "admin.affiliates.errors.amountPositive"
            : "admin.affiliates.errors.fixedRequired",
        });
      } else {
        rule.milestone = form.milestone;
        rule.fixedCents = parsed.cents;
      }
    } else if (form.fixed) {
      context.addIssue({
        code: "custom",
        path: ["milestone"],
        message: "admin.affiliates.errors.milestone",
      });
    }
    if (form.share || form.months) {
      const basisPoints = parseShare(form.share);
      if (basisPoints === null || basisPoints < 1) {
        context.addIssue({
          code: "custom",
          path: ["share"],
          message: "admin.affiliates.errors.share",
        });
      } else rule.shareBasisPoints = basisPoints;
      const months = /^\d{1,3}$/.test(form.months) ? Number(form.months) : 0;
      if (months < 1 || months > 120) {
        context.addIssue({
          code: "custom",
          path: ["months"],
          message: "admin.affiliates.errors.months",
        });
      } else rule.shareMonths = months;
    }
    if (!form.milestone && !form.fixed && !form.share && !form.months) {
      context.addIssue({
        code: "custom",
        path: ["milestone"],
        message: "admin.affiliates.errors.ruleEmpty",
      });
    }
    return rule;
  });

/** The program's hold days (0–365) and minimum payout (reais as typed). */
export const programSettingsForm = z.object({
  holdDays: text("admin.affiliates.errors.holdDays")
    .regex(/^\d{1,3}$/, { error: "admin.affiliates.errors.holdDays" })
    .transform(Number)
    .refine((days) => days <= 365, { error: "admin.affiliates.errors.holdDays" }),
  minimum: reais("admin.affiliates.errors.amountRequired").refine((cents) => cents >= 0, {
    error: "admin.affiliates.errors.amount",
  }),
});

/** A manual entry: an amount (negative takes back, never zero), the reason she reads, the day. */
export function entryForm(today = latestToday()) {
  return z.object({
    amount: reais("admin.affiliates.errors.amountRequired").refine((cents) => cents !== 0, {
      error: "admin.affiliates.errors.amountZero",
    }),
    date: text("admin.affiliates.errors.date")
      .refine(isCalendarDay, { error: "admin.affiliates.errors.date" })
      .refine((value) => value >= EARLIEST_DAY, { error: "admin.affiliates.errors.date" })
      .refine((value) => value <= today, { error: "admin.affiliates.errors.dateFuture" }),
    reason: text("admin.affiliates.errors.reason")
      .min(1, { error: "admin.affiliates.errors.reason" })
      .max(NOTE_MAX, { error: "admin.affiliates.errors.reason" }),
  });
}

const entryId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((entry) => entry > 0);

/** Voiding an entry, with the reason she will read. */
export const voidForm = z.object({
  entry: entryId,
  reason: text("admin.affiliates.errors.reason")
    .min(1, { error: "admin.affiliates.errors.reason" })
    .max(NOTE_MAX, { error: "admin.affiliates.errors.reason" }),
});

/** The answer to a held entry: released, or voided with a reason. */
export const reviewForm = z
  .object({
    entry: entryId,
    decision: z.enum(riskDecisions, { error: "admin.affiliates.errors.decision" }),
    reason: text("admin.affiliates.errors.reason").max(NOTE_MAX, {
      error: "admin.affiliates.errors.reason",
    }),
  })
  .refine((form) => form.decision === "released" || form.reason.length > 0, {
    path: ["reason"],
    error: "admin.affiliates.errors.reason",
  });
