import { z } from "zod";
import { isCalendarDay } from "#app/utils/calendar-day.ts";

/** The payout screens' forms (admins only). Messages are keys under admin.payouts.errors. */
export const batchesForm = z.object({ intent: z.literal("create") });

export const batchForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("paid"),
    reference: z
      .string()
      .default("")
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, "admin.payouts.errors.reference")
          .max(200, "admin.payouts.errors.reference"),
      ),
    paidOn: z.string().default("").refine(isCalendarDay, "admin.payouts.errors.paidOn"),
  }),
  z.object({ intent: z.literal("cancel") }),
]);

/** A batch's id in the address: a positive integer, or null. */
export function batchIdOf(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}
