import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import { rejectionReasons, submissionStatusHistory as history } from "#app/db/schema.server.ts";
import { addDays, type AnalyticsRange } from "./analytics.server.ts";
import { reportingTimeZone } from "./events.ts";

export interface ReasonCount {
  /** The reason's label; null for a rejection without one. */
  label: string | null;
  count: number;
}

/**
 * The rejections decided in the range (the agency's days), by reason, most frequent first:
 * each reviewer's decision once, an undone one not at all. Read from the history, whose rows
 * for a range are few beside the applications'.
 */
export async function rejectionsByReason(
  db: Reader,
  range: Pick<AnalyticsRange, "from" | "to">,
): Promise<ReasonCount[]> {
  const start = sql`(${range.from}::date)::timestamp at time zone ${reportingTimeZone}`;
  const end = sql`(${addDays(range.to, 1)}::date)::timestamp at time zone ${reportingTimeZone}`;
  const rows = await db
    .select({ label: rejectionReasons.label, count: count() })
    .from(history)
    .leftJoin(rejectionReasons, eq(rejectionReasons.id, history.reasonId))
    .where(
      and(
        eq(history.toStatus, "Reprovado"),
        isNotNull(history.changedBy),
        isNull(history.undoneAt),
        gte(history.createdAt, start),
        lt(history.createdAt, end),
      ),
    )
    .groupBy(rejectionReasons.label)
    .orderBy(desc(count()), rejectionReasons.label);
  return rows.map((row) => ({ label: row.label, count: Number(row.count) }));
}
