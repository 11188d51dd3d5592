import { isCalendarDay } from "#app/utils/calendar-day.ts";
import { z } from "zod";

// Also loaded by the affiliates' pages in the browser: no `new Function` probe, which the strict
// CSP reports as a violation (as in app/features/preselection/schema.ts).
z.config({ jitless: true });

// The formats live apart so the affiliate portal shows money without loading zod.
export { formatMoney, formatPercent } from "./money.ts";

/**
 * The forms of an affiliate's page in the back office (admin/afiliados/:id): one schema each,
 * for the server's checks and the browser's messages. Messages are locale keys.
 */

export const affiliateStatusValues = ["active", "suspended"] as const;
export type AffiliateStatusValue = (typeof affiliateStatusValues)[number];

export const NOTE_MAX = 500;

/** "12", "12,5", "12.50": reais with at most two decimals, no thousands separators. */
const MONEY = /^\d{1,9}(?:[.,]\d{1,2})?$/;
/** "0" to "100", at most two decimals. */
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;
// No affiliate earned anything before the agency had affiliates.
const EARLIEST_DAY = "2000-01-01";

/** A typed amount of reais as whole cents (no floating point on the way): "12,5" → 1250. */
export function centsOf(text: string): number | null {
  const value = text.trim();
  if (!MONEY.test(value)) return null;
  const [whole = "0", fraction = ""] = value.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A typed percentage as PostgreSQL's numeric(5,2) text: "7,5" → "7.50"; null when invalid. */
export function percentOf(text: string): string | null {
  const value = text.trim();
  if (!PERCENT.test(value)) return null;
  const [whole = "0", fraction = ""] = value.split(/[.,]/);
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (hundredths > 100_00) return null;
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

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

export const commissionForm = z.object({
  rate: text("admin.affiliates.errors.rate")
    .min(1, { error: "admin.affiliates.errors.rateRequired" })
    .transform((value, context) => {
      const rate = percentOf(value);
      if (rate === null) {
        context.addIssue({ code: "custom", message: "admin.affiliates.errors.rate" });
        return z.NEVER;
      }
      return rate;
    }),
});

export function ledgerForm(today = latestToday()) {
  return z.object({
    kind: z.enum(["earning", "payout"], { error: "admin.affiliates.errors.kind" }),
    amount: text("admin.affiliates.errors.amount")
      .min(1, { error: "admin.affiliates.errors.amountRequired" })
      .transform((value, context) => {
        const cents = centsOf(value);
        if (cents === null) {
          context.addIssue({ code: "custom", message: "admin.affiliates.errors.amount" });
          return z.NEVER;
        }
        if (cents <= 0) {
          context.addIssue({ code: "custom", message: "admin.affiliates.errors.amountPositive" });
          return z.NEVER;
        }
        return cents;
      }),
    date: text("admin.affiliates.errors.date")
      .refine(isCalendarDay, { error: "admin.affiliates.errors.date" })
      .refine((value) => value >= EARLIEST_DAY, { error: "admin.affiliates.errors.date" })
      .refine((value) => value <= today, { error: "admin.affiliates.errors.dateFuture" }),
    note: text("admin.affiliates.errors.note")
      .max(NOTE_MAX, { error: "admin.affiliates.errors.note" })
      .transform((value) => value || null),
  });
}
