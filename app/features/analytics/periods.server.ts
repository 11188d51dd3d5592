import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { addDays, type AnalyticsRange } from "./analytics.server.ts";
import { reportingTimeZone } from "./events.ts";

/*
 * What the manager's figures (issue 31) share: the range's bounds as instants, the period
 * before it, and plain reads of rows.
 */

const DAY_MS = 86_400_000;

/** How many days a range spans, both ends included. */
export function rangeDays(range: Pick<AnalyticsRange, "from" | "to">): number {
  return (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS + 1;
}

/** The period of equal length just before a range, grouped the same way. */
export function previousRange(range: AnalyticsRange): AnalyticsRange {
  const days = rangeDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1), group: range.group };
}

/** The agency's midnight starting `day`, as an instant (its offset follows the date). */
export const agencyMidnight = (day: string): SQL =>
  sql`((${day}::date)::timestamp at time zone ${reportingTimeZone})`;

/** The range as instants: from its first day's midnight to the midnight after its last. */
export function rangeBounds(range: Pick<AnalyticsRange, "from" | "to">) {
  return { start: agencyMidnight(range.from), end: agencyMidnight(addDays(range.to, 1)) };
}

/** An instant's day on the agency's clock. */
export const agencyDay = (instant: SQL): SQL =>
  sql`((${instant}) at time zone ${reportingTimeZone})::date`;

/** The rows of a statement (numbers come back as numbers where the driver gives text). */
export async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

export const toNumber = (value: unknown): number => (value === null ? 0 : Number(value));
export const toNumberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
