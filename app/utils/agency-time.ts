/**
 * The agency's clock (Brasília time, America/Sao_Paulo): what staff type and read when they
 * schedule something. Times are stored in UTC; these convert a `datetime-local` field's value.
 */
export const AGENCY_TIME_ZONE = "America/Sao_Paulo";

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The year, month, day, hour, minute and second the agency's clock shows at that instant. */
function agencyClock(date: Date) {
  const shown = Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
  return shown as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/** "2026-11-27T10:30" as the agency's clock shows that instant. */
export function toAgencyLocal(date: Date): string {
  const { year, month, day, hour, minute } = agencyClock(date);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/**
 * "2026-11-27 10:30:05": that instant on the agency's clock, to the second, as a spreadsheet
 * reads a date and time (the CSV exports, whose header says the time is Brasília's).
 */
export function toAgencyDateTime(date: Date): string {
  const { year, month, day, hour, minute, second } = agencyClock(date);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a "2026-11-27T10:30" on the agency's clock names, or null for anything else. */
export function fromAgencyLocal(value: string): Date | null {
  const match = LOCAL.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at about that time, then once more at the corrected instant (a change of
  // offset in between, if Brazil ever keeps summer time again).
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${toAgencyLocal(new Date(instant))}:00Z`);
    instant += asUtc - shown;
  }
  const date = new Date(instant);
  return toAgencyLocal(date) === value.trim() ? date : null;
}

const shown = new Map<string, Intl.DateTimeFormat>();

/** A time as the agency's clock shows it, in her language ("27 Nov 2026, 10:30"). */
export function formatAgencyTime(value: string | Date, language: string) {
  let format = shown.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: AGENCY_TIME_ZONE,
    });
    shown.set(language, format);
  }
  return format.format(new Date(value));
}
