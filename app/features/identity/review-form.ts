import { z } from "zod";
import { identityDocumentTypes } from "#app/db/career-states.ts";
import { isCalendarDay } from "#app/utils/calendar-day.ts";
import { MAX_RETAKE_REASON } from "./limits.ts";

/**
 * A reviewer's answer to her identity check (the review page's two forms): confirmed, with what
 * was checked (the tick is required: without it there is no confirmation), or new photos asked
 * for with the reason written to her. `seen`: the check's id the page showed.
 */
export const identityDecisionForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("confirm"),
    type: z.enum(identityDocumentTypes, { error: "identity.staff.errors.type" }),
    match: z.literal("yes", { error: "identity.staff.errors.match" }),
    bornOn: z
      .string({ error: "identity.staff.errors.bornOn" })
      .refine(
        (value) => isCalendarDay(value) && value >= "1900-01-01",
        "identity.staff.errors.bornOn",
      ),
  }),
  z.object({
    intent: z.literal("retake"),
    reason: z
      .string({ error: "identity.staff.errors.reason" })
      .trim()
      .min(1, "identity.staff.errors.reason")
      .max(MAX_RETAKE_REASON, "identity.staff.errors.reason"),
  }),
]);
