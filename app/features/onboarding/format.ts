import { AGENCY_TIME_ZONE } from "#app/utils/agency-time.ts";

/*
 * Days and moments of the onboarding, the same on the server and in every browser: due days are
 * calendar days (shown as written), moments are read on the agency's clock (Brasília).
 */

/** A calendar day ("2026-12-03") in the reader's language: "3 Dec 2026". */
export function formatDay(day: string, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** A moment's day on the agency's clock, without the year: "3 December". */
export function formatDayMonth(value: string | Date, language: string) {
  return new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "long",
    timeZone: AGENCY_TIME_ZONE,
  }).format(new Date(value));
}

/** A moment on the agency's clock: "3 Dec 2026, 14:05". */
export function formatMoment(value: string | Date, language: string) {
  return new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: AGENCY_TIME_ZONE,
  }).format(new Date(value));
}

/** Whole days from one calendar day to another (negative: before). */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's calendar day in Brasília, as due days are counted. */
export function agencyToday(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: AGENCY_TIME_ZONE }).format(now);
}
