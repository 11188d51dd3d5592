import { isCalendarDay } from "#app/utils/calendar-day.ts";
import { z } from "zod";

/*
 * The availability form's fields and how its text is read (browser-safe: the form and the
 * server share it). A weekday's hours are written as ranges, "09:00-12:00, 14:00-18:00", in
 * Brasília time: one text box a day works the same on a phone, with a keyboard and without
 * JavaScript.
 */

/** The week as the agency reads it, Monday first (0 = Sunday, as in staff_availability). */
export const weekdayOrder = [1, 2, 3, 4, 5, 6, 0] as const;

export const dayField = (weekday: number) => `day${weekday}` as const;

const RANGE = /^([01]?\d|2[0-4]):([0-5]\d)\s*[-–—]\s*([01]?\d|2[0-4]):([0-5]\d)$/;

/** A day's text as ranges of minutes, or the key of what is wrong with it. */
export function parseRanges(
  text: string,
): { ranges: { startMinute: number; endMinute: number }[] } | { error: string } {
  const parts = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const ranges: { startMinute: number; endMinute: number }[] = [];
  for (const part of parts) {
    const match = RANGE.exec(part);
    if (!match) return { error: "welcomeCall.availability.errors.format" };
    const startMinute = Number(match[1]) * 60 + Number(match[2]);
    const endMinute = Number(match[3]) * 60 + Number(match[4]);
    if (startMinute >= 1440 || endMinute > 1440 || endMinute <= startMinute) {
      return { error: "welcomeCall.availability.errors.order" };
    }
    ranges.push({ startMinute, endMinute });
  }
  ranges.sort((a, b) => a.startMinute - b.startMinute);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]!.startMinute < ranges[i - 1]!.endMinute) {
      return { error: "welcomeCall.availability.errors.overlap" };
    }
  }
  return { ranges };
}

/** Ranges written back as text ("09:00-12:00, 14:00-18:00"). */
export function formatRanges(ranges: readonly { startMinute: number; endMinute: number }[]) {
  const hhmm = (minute: number) =>
    `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
  return ranges.map((range) => `${hhmm(range.startMinute)}-${hhmm(range.endMinute)}`).join(", ");
}

const whole = (min: number, max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .regex(/^\d{1,3}$/, { error })
    .transform(Number)
    .pipe(z.number().int().min(min, { error }).max(max, { error }));

const dayText = z
  .string()
  .default("")
  .transform((text, context) => {
    const parsed = parseRanges(text.slice(0, 200));
    if ("error" in parsed) {
      context.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.ranges;
  });

/** The form's limits are the database's checks (staff_profiles). */
export const hoursForm = z.object({
  intent: z.literal("hours"),
  ...Object.fromEntries(weekdayOrder.map((weekday) => [dayField(weekday), dayText])),
  callMinutes: whole(10, 180, "welcomeCall.availability.errors.call"),
  bufferMinutes: whole(0, 120, "welcomeCall.availability.errors.buffer"),
  horizonDays: whole(1, 120, "welcomeCall.availability.errors.horizon"),
  noticeHours: whole(0, 168, "welcomeCall.availability.errors.notice"),
}) as z.ZodType<
  {
    intent: "hours";
    callMinutes: number;
    bufferMinutes: number;
    horizonDays: number;
    noticeHours: number;
  } & Record<`day${number}`, { startMinute: number; endMinute: number }[]>,
  Record<string, string | undefined>
>;

export const dayOffForm = z.object({
  intent: z.enum(["addDay", "removeDay"]),
  day: z
    .string({ error: "welcomeCall.availability.errors.day" })
    .refine(isCalendarDay, { error: "welcomeCall.availability.errors.day" }),
});

export const TITLE_MAX = 80;

export const titleForm = z.object({
  intent: z.literal("title"),
  title: z
    .string()
    .default("")
    .transform((value) => value.replace(/[\p{Cc}\p{Cf}]/gu, "").trim())
    .pipe(
      z
        .string()
        .min(1, { error: "welcomeCall.availability.errors.title" })
        .max(TITLE_MAX, { error: "welcomeCall.availability.errors.title" }),
    ),
});

/** What the availability page's forms answer. */
export interface AvailabilityResult {
  intent?: string;
  done?: "hours" | "addDay" | "removeDay" | "title";
  errors?: Record<string, string | undefined>;
  values?: Record<string, string | undefined>;
}
