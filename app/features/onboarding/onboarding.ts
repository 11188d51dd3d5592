import { isCalendarDay } from "#app/utils/calendar-day.ts";
import { z } from "zod";
import { languages } from "#app/i18n/languages.ts";
import { NOTE_MAX_LENGTH } from "#app/features/submissions/notes.ts";
import { storableText } from "#app/utils/text.ts";
import { SKIP_REASON_MAX, STEP_GUIDANCE_MAX, STEP_TITLE_MAX } from "./limits.ts";

/**
 * The onboarding's forms (issue 29), read the same way by the screens and by the server: the
 * admin's list of steps (/admin/onboarding/steps) and a step of one application
 * (/admin/cadastros/:id/onboarding). Every message is a locale key under `onboarding.errors`.
 */

export const languageCodes = languages.map((language) => language.code);

const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

const oneLine = (max: number, required: boolean) =>
  z
    .string()
    .default("")
    .transform((value) => storableText(value).replace(/\s+/g, " ").trim())
    .pipe(
      required
        ? z
            .string()
            .min(1, "onboarding.errors.titleRequired")
            .max(max, "onboarding.errors.titleTooLong")
        : z.string().max(max, "onboarding.errors.guidanceTooLong"),
    );

const paragraph = (max: number) =>
  z
    .string()
    .default("")
    .transform((value) => storableText(value).replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, "onboarding.errors.guidanceTooLong"));

/** A step's words in the six languages: every title, and guidance where the admin wrote one. */
const wording = Object.fromEntries(
  languageCodes.flatMap((code) => [
    [`title_${code}`, oneLine(STEP_TITLE_MAX, true)],
    [`guidance_${code}`, paragraph(STEP_GUIDANCE_MAX)],
  ]),
) as Record<`title_${string}` | `guidance_${string}`, z.ZodType<string>>;

const dueDays = z
  .string({ message: "onboarding.errors.dueDays" })
  .regex(/^\d{1,3}$/, "onboarding.errors.dueDays")
  .transform(Number)
  .pipe(z.number().int().min(0, "onboarding.errors.dueDays").max(365, "onboarding.errors.dueDays"));

export const stepListForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), dueDays, ...wording }),
  z.object({ intent: z.literal("update"), step: id, dueDays, ...wording }),
  z.object({ intent: z.literal("move"), step: id, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("archive"), step: id }),
  z.object({ intent: z.literal("restore"), step: id }),
]);

export type StepWording = { titles: Record<string, string>; guidance: Record<string, string> };

/** The titles and guidance of a parsed step form, by language (empty guidance left out). */
export function wordingOf(form: Record<string, unknown>): StepWording {
  const titles: Record<string, string> = {};
  const guidance: Record<string, string> = {};
  for (const code of languageCodes) {
    titles[code] = String(form[`title_${code}`] ?? "");
    const text = String(form[`guidance_${code}`] ?? "");
    if (text) guidance[code] = text;
  }
  return { titles, guidance };
}

const skipReason = z
  .string()
  .default("")
  .transform((value) => storableText(value).replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "onboarding.errors.reasonRequired")
      .max(SKIP_REASON_MAX, "onboarding.errors.reasonTooLong"),
  );

// A calendar day the form's date input sends, within reason (a typo of a year is refused).
const dueOn = z
  .string({ message: "onboarding.errors.dueOn" })
  .refine(
    (value) => isCalendarDay(value) && value >= "2020-01-01" && value <= "2100-12-31",
    "onboarding.errors.dueOn",
  );

/** The state the page showed her, so a change made meanwhile by someone else is not overwritten. */
const seen = z.enum(["todo", "done", "skipped"]);

const noteBody = z
  .string()
  .default("")
  .transform((value) => storableText(value).replace(/\r\n?/g, "\n").trim())
  .pipe(
    z.string().min(1, "admin.notes.errors.empty").max(NOTE_MAX_LENGTH, "admin.notes.errors.long"),
  );

/** Sent by the onboarding view's rows: the view (with its filters) to come back to. */
const back = z.string().max(500).optional().catch(undefined);

export const stepForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("done"), step: id, seen, back }),
  z.object({ intent: z.literal("skip"), step: id, seen, reason: skipReason }),
  z.object({ intent: z.literal("reopen"), step: id, seen }),
  z.object({ intent: z.literal("owner"), step: id, owner: z.string().max(100).default("") }),
  z.object({ intent: z.literal("due"), step: id, dueOn }),
  z.object({
    intent: z.literal("note"),
    step: id,
    body: noteBody,
    mention: z.array(z.string().max(100)).max(50).default([]),
  }),
]);

export type StepFormInput = z.infer<typeof stepForm>;
