/**
 * A day of the calendar as a date field sends it, "2026-11-29": one that exists. JavaScript rolls
 * "2030-02-31" over into March and the database refuses it with an error, so every form that
 * takes a day asks this first and answers with its own translated message.
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
