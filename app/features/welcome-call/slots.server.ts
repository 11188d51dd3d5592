import { TZDate } from "@date-fns/tz";
import { and, eq, gte, inArray, lt, ne } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import {
  staffAvailability,
  staffDaysOff,
  staffProfiles,
  welcomeCalls,
} from "#app/db/schema.server.ts";
import { BRASILIA } from "./time-zones.ts";

/*
 * The times a model may book with her manager (issue 29, product.md section 8), computed on the
 * server from the manager's weekly hours in Brasília time, less her days off, the calls already
 * booked (with the pause she keeps around each) and what is too soon or too far ahead. The
 * times are instants: the card shows them in the model's zone, the agenda in both.
 */

export interface BookingRules {
  callMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
  noticeHours: number;
}

export const defaultRules: BookingRules = {
  callMinutes: 30,
  bufferMinutes: 15,
  horizonDays: 21,
  noticeHours: 4,
};

/** One range of a weekday's hours, in minutes after Brasília's midnight (weekday 0 = Sunday). */
export interface WeeklyRange {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface Busy {
  startsAt: Date;
  endsAt: Date;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A Brasília calendar day's parts, read from an instant. */
function brasiliaDay(instant: Date) {
  const day = new TZDate(instant.getTime(), BRASILIA);
  return { year: day.getFullYear(), month: day.getMonth(), date: day.getDate() };
}

/** "2026-03-29" for a Brasília day. */
const isoDay = (year: number, month: number, date: number) =>
  `${year}-${String(month + 1).padStart(2, "0")}-${String(date).padStart(2, "0")}`;

/**
 * The start of every free call, in order. A day's range holds calls one after another, each
 * followed by the buffer; a time is free when it starts at least `noticeHours` after now, within
 * `horizonDays`, not on a day off, and neither it nor its buffer touches a booked call's time.
 */
export function computeSlots(input: {
  ranges: readonly WeeklyRange[];
  daysOff: readonly string[];
  busy: readonly Busy[];
  rules: BookingRules;
  now: Date;
}): Date[] {
  const { ranges, rules, now } = input;
  const daysOff = new Set(input.daysOff);
  const earliest = now.getTime() + rules.noticeHours * 60 * MINUTE;
  const latest = now.getTime() + rules.horizonDays * DAY;
  const step = rules.callMinutes + rules.bufferMinutes;
  const buffer = rules.bufferMinutes * MINUTE;
  const slots: Date[] = [];
  const first = brasiliaDay(now);
  // Brasília days from today to the horizon's (one more: a day's calls run past midnight UTC).
  for (let offset = 0; offset <= rules.horizonDays + 1; offset++) {
    // Noon avoids any question of which day a midnight belongs to.
    const day = new TZDate(first.year, first.month, first.date + offset, 12, 0, BRASILIA);
    if (daysOff.has(isoDay(day.getFullYear(), day.getMonth(), day.getDate()))) continue;
    const todays = ranges
      .filter((range) => range.weekday === day.getDay())
      .sort((a, b) => a.startMinute - b.startMinute);
    for (const range of todays) {
      for (
        let minute = range.startMinute;
        minute + rules.callMinutes <= range.endMinute;
        minute += step
      ) {
        const start = new TZDate(
          day.getFullYear(),
          day.getMonth(),
          day.getDate(),
          Math.floor(minute / 60),
          minute % 60,
          BRASILIA,
        ).getTime();
        const end = start + rules.callMinutes * MINUTE;
        if (start < earliest || start > latest) continue;
        const clash = input.busy.some(
          (call) =>
            start < call.endsAt.getTime() + buffer && call.startsAt.getTime() < end + buffer,
        );
        if (!clash) slots.push(new Date(start));
      }
    }
  }
  return slots.sort((a, b) => a.getTime() - b.getTime());
}

/** A manager's booking rules (the defaults until she saves her own). */
export async function rulesOf(db: Reader, managerId: string): Promise<BookingRules> {
  const [row] = await db
    .select({
      callMinutes: staffProfiles.callMinutes,
      bufferMinutes: staffProfiles.bufferMinutes,
      horizonDays: staffProfiles.horizonDays,
      noticeHours: staffProfiles.noticeHours,
    })
    .from(staffProfiles)
    .where(eq(staffProfiles.userId, managerId));
  return row ?? defaultRules;
}

/**
 * A manager's free times now (`now`: the database's clock), leaving out one call of hers (the
 * one being moved, whose own time she may keep or leave); `ignoreCalls`: her times as if no
 * call were booked (to tell a time just taken from one never offered).
 */
export async function freeSlotsOf(
  db: Reader,
  managerId: string,
  now: Date,
  { exceptCallId, ignoreCalls = false }: { exceptCallId?: number; ignoreCalls?: boolean } = {},
): Promise<{ slots: Date[]; rules: BookingRules }> {
  const rules = await rulesOf(db, managerId);
  const until = new Date(now.getTime() + (rules.horizonDays + 2) * DAY);
  // In turn: it runs inside the booking's transaction, one connection (db/in-turn.ts).
  const ranges = await db
    .select({
      weekday: staffAvailability.weekday,
      startMinute: staffAvailability.startMinute,
      endMinute: staffAvailability.endMinute,
    })
    .from(staffAvailability)
    .where(eq(staffAvailability.userId, managerId));
  const daysOff = await db
    .select({ day: staffDaysOff.day })
    .from(staffDaysOff)
    .where(eq(staffDaysOff.userId, managerId));
  const busy = await db
    .select({ startsAt: welcomeCalls.startsAt, endsAt: welcomeCalls.endsAt })
    .from(welcomeCalls)
    .where(
      and(
        eq(welcomeCalls.managerId, managerId),
        inArray(welcomeCalls.state, ["booked", "held", "missed"]),
        gte(welcomeCalls.endsAt, new Date(now.getTime() - DAY)),
        lt(welcomeCalls.startsAt, until),
        exceptCallId === undefined ? undefined : ne(welcomeCalls.id, exceptCallId),
      ),
    );
  return {
    rules,
    slots: computeSlots({
      ranges,
      daysOff: daysOff.map((row) => row.day),
      busy: ignoreCalls ? [] : busy,
      rules,
      now,
    }),
  };
}
