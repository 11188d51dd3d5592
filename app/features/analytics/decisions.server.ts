import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { addDays, bucketsOf, type AnalyticsRange } from "./analytics.server.ts";
import {
  agencyDay,
  agencyMidnight,
  rangeBounds,
  rowsOf,
  toNumber,
  toNumberOrNull,
} from "./periods.server.ts";

/*
 * How fast and how the team decides (issue 31): time to first decision against the promise,
 * the backlog's age over time, decisions per reviewer per day, approval rates.
 */

/** An instant's hour (UTC; the agency's offsets are whole hours, so its days are whole hours). */
const hourOf = (instant: SQL) =>
  sql`date_bin('1 hour', ${instant}, timestamptz '2000-01-01 00:00:00+00')`;

export interface DecisionTimes {
  received: number;
  decided: number;
  /** Seconds from her application to her first answer; null when none was answered. */
  medianSeconds: number | null;
  p90Seconds: number | null;
  /** Answered by the promised working day (weekends skipped; holidays are not known). */
  onTime: number;
}

/**
 * Of the applications received in the range (the agency's days), how long the first answer
 * took (submissions.first_decided_at), and how many got it within `promisedDays` working days:
 * the deadline is that many Monday-to-Friday days after the day she applied (from a weekend,
 * counted from the Friday before, so Saturday + 1 is Monday).
 */
export async function decisionTimes(
  db: Database,
  range: AnalyticsRange,
  promisedDays: number,
): Promise<DecisionTimes> {
  const { start, end } = rangeBounds(range);
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with received as (
      select created_at, first_decided_at from submissions
      where created_at >= ${start} and created_at < ${end}
    ), answered as (
      -- Per hour applied and hour answered, so that only a few hundred rows change time zone.
      select ${hourOf(sql`created_at`)} as applied_hour, ${hourOf(sql`first_decided_at`)} as answered_hour,
        count(*) as n
      from received where first_decided_at is not null
      group by 1, 2
    ), dated as (
      select n, ${agencyDay(sql`answered_hour`)} as decided_on, ${agencyDay(sql`applied_hour`)} as applied_on
      from answered
    ), promised as (
      select n, decided_on,
        applied_on - greatest(0, extract(isodow from applied_on)::int - 5) as base,
        least(extract(isodow from applied_on)::int, 5) as weekday
      from dated
    )
    select count(*) as received, count(first_decided_at) as decided,
      percentile_cont(0.5) within group (order by extract(epoch from first_decided_at - created_at)) as median,
      percentile_cont(0.9) within group (order by extract(epoch from first_decided_at - created_at)) as p90,
      (select coalesce(sum(n), 0) from promised where decided_on <= base + ${promisedDays}::int
        + 2 * ((weekday - 1 + ${promisedDays}::int) / 5)) as on_time
    from received`,
  );
  return {
    received: toNumber(row!.received),
    decided: toNumber(row!.decided),
    medianSeconds: toNumberOrNull(row!.median),
    p90Seconds: toNumberOrNull(row!.p90),
    onTime: toNumber(row!.on_time),
  };
}

export interface BacklogPoint {
  /** The bucket (its first day); its figures are taken at its end, or now if sooner. */
  bucket: string;
  waiting: number;
  oldestSeconds: number | null;
  /** To the hour: each application counts from the start of the hour she applied in. */
  medianSeconds: number | null;
}

/**
 * For each bucket of the range, the applications waiting at its end (received, not yet first
 * answered), and the age of the oldest and the median one. Those who may have waited in the
 * range are those still waiting and those answered since its start: two index ranges
 * (submissions_undecided_created_idx, submissions_first_decided_idx), counted per hour applied
 * and hour answered in one pass — a few thousand groups however many rows — then each bucket's
 * end (an agency midnight, or now to the hour: both whole hours, as the agency's offsets are)
 * reads the groups: who applied before it and was answered at or after it.
 */
export async function backlogOverTime(
  db: Database,
  range: AnalyticsRange,
  now: Date,
): Promise<BacklogPoint[]> {
  const buckets = bucketsOf(range);
  const ends = buckets.map((bucket, index) => buckets[index + 1] ?? addDays(range.to, 1));
  const { start, end } = rangeBounds(range);
  const nowHour = hourOf(sql`${now.toISOString()}::timestamptz`);
  const [points, groups] = await Promise.all([
    rowsOf<{ at: unknown }>(
      db,
      sql`select extract(epoch from least(midnight, ${nowHour})) as at
        from unnest(array[${sql.join(
          ends.map((day) => agencyMidnight(day)),
          sql`, `,
        )}]) with ordinality as p(midnight, n) order by n`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`
      select extract(epoch from applied) as applied, extract(epoch from answered) as answered,
        count(*) as n, extract(epoch from min(created_at)) as first
      from (
        select ${hourOf(sql`created_at`)} as applied, null::timestamptz as answered, created_at
        from submissions where first_decided_at is null and created_at < ${end}
        union all
        select ${hourOf(sql`created_at`)}, ${hourOf(sql`first_decided_at`)}, created_at
        from submissions where first_decided_at >= ${start}
      ) as waited
      group by 1, 2
      order by 1`,
    ),
  ]);
  const hours = groups.map((row) => ({
    applied: Number(row.applied),
    answered: toNumberOrNull(row.answered),
    n: Number(row.n),
    first: Number(row.first),
  }));
  return buckets.map((bucket, index) => {
    const at = Number(points[index]!.at);
    // Oldest first (the groups are in the order applied): ages, each with how many share it.
    const waiting = hours.filter(
      (group) => group.applied < at && (group.answered === null || group.answered >= at),
    );
    const total = waiting.reduce((sum, group) => sum + group.n, 0);
    if (total === 0) return { bucket, waiting: 0, oldestSeconds: null, medianSeconds: null };
    return {
      bucket,
      waiting: total,
      oldestSeconds: at - Math.min(...waiting.map((group) => group.first)),
      medianSeconds: medianAge(waiting, total, at),
    };
  });
}

/** The median age, as percentile_cont(0.5) would give it, of groups in the order applied. */
function medianAge(groups: { applied: number; n: number }[], total: number, at: number): number {
  // Ages descend as the groups go, so the k-th youngest is the (total − 1 − k)-th of the list.
  const nth = (k: number) => {
    let seen = 0;
    for (const group of groups) {
      seen += group.n;
      if (k < seen) return at - group.applied;
    }
    return at - groups.at(-1)!.applied;
  };
  const middle = (total - 1) / 2;
  return (nth(Math.floor(middle)) + nth(Math.ceil(middle))) / 2;
}

export interface ReviewerDay {
  day: string;
  reviewer: string;
  approved: number;
  rejected: number;
}

/**
 * Decisions standing (not undone) in the range, per reviewer and day of the agency: from the
 * history's decisions (submission_history_decisions_idx). A reviewer whose account is gone shows
 * as "—".
 */
export async function decisionsPerReviewer(
  db: Database,
  range: AnalyticsRange,
): Promise<ReviewerDay[]> {
  const { start, end } = rangeBounds(range);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select to_char(${agencyDay(sql`h.created_at`)}, 'YYYY-MM-DD') as day,
      coalesce(u.name, '—') as reviewer,
      count(*) filter (where h.to_status = 'Aprovado') as approved,
      count(*) filter (where h.to_status = 'Reprovado') as rejected
    from submission_status_history h
    left join "user" u on u.id = h.changed_by
    where h.to_status in ('Aprovado', 'Reprovado') and h.undone_at is null
      and h.changed_by is not null and h.created_at >= ${start} and h.created_at < ${end}
    group by 1, 2
    order by 1, 2`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    reviewer: String(row.reviewer),
    approved: toNumber(row.approved),
    rejected: toNumber(row.rejected),
  }));
}

export interface ApprovalSlice {
  kind: "source" | "affiliate" | "language";
  /** The source, the language code, or the affiliate's "Name (CODE)"; null: none (direct). */
  key: string | null;
  decided: number;
  approved: number;
}

/**
 * Of the applications received in the range that are decided now (approved or rejected), how
 * many were approved, by source, by affiliate and by language: one read of the range's rows.
 */
export async function approvalRates(db: Database, range: AnalyticsRange): Promise<ApprovalSlice[]> {
  const { start, end } = rangeBounds(range);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select case when grouping(g.source) = 0 then 'source'
        when grouping(g.language) = 0 then 'language' else 'affiliate' end as kind,
      coalesce(g.source, g.language,
        case when g.affiliate_id is null then null else coalesce(u.name || ' (' || a.referral_code || ')', '#' || g.affiliate_id) end
      ) as key,
      sum(g.decided) as decided, sum(g.approved) as approved
    from (
      select source, language, affiliate_id, count(*) as decided,
        count(*) filter (where status = 'Aprovado') as approved
      from submissions
      where created_at >= ${start} and created_at < ${end} and status in ('Aprovado', 'Reprovado')
      group by 1, 2, 3
    ) as g
    left join affiliates a on a.id = g.affiliate_id
    left join "user" u on u.id = a.user_id
    group by grouping sets ((g.source), (g.language), (g.affiliate_id, u.name, a.referral_code))
    order by 1, 3 desc, 2`,
  );
  return rows.map((row) => ({
    kind: row.kind as ApprovalSlice["kind"],
    key: row.key === null ? null : String(row.key),
    decided: toNumber(row.decided),
    approved: toNumber(row.approved),
  }));
}
