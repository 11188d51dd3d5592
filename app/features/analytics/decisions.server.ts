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
 * counted from the Friday before, so Saturday + 1 is Monday). The counts and the promise come
 * from the hourly groups of submission_wait_hours (the agency's days are whole hours); the
 * median and p90, to the second, from the answered applications of the range in
 * submissions_cohort_idx, sorted once for both.
 */
export async function decisionTimes(
  db: Database,
  range: AnalyticsRange,
  promisedDays: number,
): Promise<DecisionTimes> {
  const { start, end } = rangeBounds(range);
  const [counts, times] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`
      with dated as (
        select applications as n, answered_hour <> 'infinity' as answered,
          ${agencyDay(sql`nullif(answered_hour, 'infinity')`)} as decided_on,
          ${agencyDay(sql`applied_hour`)} as applied_on
        from submission_wait_hours
        where applied_hour >= ${start} and applied_hour < ${end} and applications > 0
      ), promised as (
        select n, answered, decided_on,
          applied_on - greatest(0, extract(isodow from applied_on)::int - 5) as base,
          least(extract(isodow from applied_on)::int, 5) as weekday
        from dated
      )
      select coalesce(sum(n), 0) as received,
        coalesce(sum(n) filter (where answered), 0) as decided,
        coalesce(sum(n) filter (where decided_on <= base + ${promisedDays}::int
          + 2 * ((weekday - 1 + ${promisedDays}::int) / 5)), 0) as on_time
      from promised`,
    ),
    rowsOf<{ percentiles: unknown }>(
      db,
      sql`
      select percentile_cont(array[0.5, 0.9]) within group
        (order by extract(epoch from first_decided_at - created_at)) as percentiles
      from submissions
      where created_at >= ${start} and created_at < ${end} and first_decided_at is not null`,
    ),
  ]);
  const [median, p90] = percentilesOf(times[0]?.percentiles);
  return {
    received: toNumber(counts[0]!.received),
    decided: toNumber(counts[0]!.decided),
    medianSeconds: median ?? null,
    p90Seconds: p90 ?? null,
    onTime: toNumber(counts[0]!.on_time),
  };
}

/** A float8[] as the drivers give it: an array (pg), or its text "{1,2}"; null when none. */
function percentilesOf(value: unknown): (number | undefined)[] {
  if (value === null || value === undefined) return [];
  const items = Array.isArray(value) ? value : String(value).replace(/[{}]/g, "").split(",");
  return items.map((item) => Number(item));
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
 * range are those still waiting and those answered since its start: their hourly groups in
 * submission_wait_hours (by hour applied and hour answered, a few thousand however many
 * applications) are read once; each bucket's end (an agency midnight, or now to the hour: both
 * whole hours, as the agency's offsets are) counts the groups applied before it and answered at
 * or after it. The oldest is then found to the second among the few applications of its hour.
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
      select extract(epoch from applied_hour) as applied,
        extract(epoch from nullif(answered_hour, 'infinity')) as answered, applications as n
      from submission_wait_hours
      where answered_hour >= ${start} and applied_hour < ${end} and applications > 0
      order by applied_hour`,
    ),
  ]);
  const hours = groups.map((row) => ({
    applied: Number(row.applied),
    answered: toNumberOrNull(row.answered),
    n: Number(row.n),
  }));
  const waitingAt = buckets.map((bucket, index) => {
    const at = Number(points[index]!.at);
    // Oldest first (the groups are in the order applied).
    const waiting = hours.filter(
      (group) => group.applied < at && (group.answered === null || group.answered >= at),
    );
    return { bucket, at, waiting, total: waiting.reduce((sum, group) => sum + group.n, 0) };
  });
  const oldest = await oldestWaiting(
    db,
    waitingAt
      .filter((point) => point.total > 0)
      .map((point) => [point.waiting[0]!.applied, point.at]),
  );
  return waitingAt.map(({ bucket, at, waiting, total }) => {
    if (total === 0) return { bucket, waiting: 0, oldestSeconds: null, medianSeconds: null };
    return {
      bucket,
      waiting: total,
      oldestSeconds: at - oldest.get(`${waiting[0]!.applied}:${at}`)!,
      medianSeconds: medianAge(waiting, total, at),
    };
  });
}

/**
 * For each [hour, moment] pair (epoch seconds), when the first application of that hour still
 * waiting at that moment arrived: a few hundred rows of submissions_cohort_idx each.
 */
async function oldestWaiting(db: Database, pairs: [number, number][]) {
  const found = new Map<string, number>();
  if (pairs.length === 0) return found;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select p.hour, p.at, (
      select extract(epoch from min(s.created_at)) from submissions s
      where s.created_at >= to_timestamp(p.hour) and s.created_at < to_timestamp(p.hour + 3600)
        and (s.first_decided_at is null or s.first_decided_at >= to_timestamp(p.at))
    ) as first
    from unnest(
      array[${sql.join(
        pairs.map(([hour]) => sql`${hour}`),
        sql`, `,
      )}]::float8[],
      array[${sql.join(
        pairs.map(([, at]) => sql`${at}`),
        sql`, `,
      )}]::float8[]
    ) as p(hour, at)`,
  );
  for (const row of rows) found.set(`${Number(row.hour)}:${Number(row.at)}`, Number(row.first));
  return found;
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
  // Per hour and reviewer first, then per day: the day (a time-zone conversion) is worked out
  // for a few thousand groups rather than for each decision (the agency's offsets are whole
  // hours, so an hour falls in one day). At a million applications: 145 → 38 ms at p50.
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with hourly as (
      select ${hourOf(sql`created_at`)} as hour, changed_by,
        count(*) filter (where to_status = 'Aprovado') as approved,
        count(*) filter (where to_status = 'Reprovado') as rejected
      from submission_status_history
      where to_status in ('Aprovado', 'Reprovado') and undone_at is null
        and changed_by is not null and created_at >= ${start} and created_at < ${end}
      group by 1, 2
    )
    select to_char(${agencyDay(sql`h.hour`)}, 'YYYY-MM-DD') as day,
      coalesce(u.name, '—') as reviewer, sum(h.approved) as approved, sum(h.rejected) as rejected
    from hourly h
    left join "user" u on u.id = h.changed_by
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
