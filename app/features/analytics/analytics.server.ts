import { and, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/db.server.ts";
import {
  affiliates,
  dailyCounts,
  referralClicks,
  submissions,
  submissionSources,
  submissionStatuses,
  user,
  type SubmissionSource,
  type SubmissionStatus,
} from "#app/db/schema.server.ts";
import {
  groupings,
  pageGroups,
  reportingTimeZone,
  type Grouping,
  type PageGroup,
} from "./events.ts";

/*
 * The analytics screen (/admin/analytics, product.md section 5): applications over time and by
 * status, source, language, country and affiliate, and page views by page, for a range of the
 * agency's calendar days. The funnel and what a manager runs on are in manager-tables.server.ts.
 */

export { groupings, type Grouping };

/** The presets of the range picker, in days ending today. */
export const rangePresets = [7, 30, 90] as const;
export const DEFAULT_RANGE_DAYS = 30;
/** Two years: the longest range one screen answers. */
export const MAX_RANGE_DAYS = 731;

export interface AnalyticsRange {
  /** First and last day, both included, as YYYY-MM-DD in the agency's time zone. */
  from: string;
  to: string;
  group: Grouping;
}

export type RangeField = "from" | "to" | "group";
/** Translation keys (admin.analytics.errors.*) of what was wrong with the range asked for. */
export type RangeErrors = Partial<Record<RangeField, string>>;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/** The last `days` days up to `today`, both included. */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

const optionalDay = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.iso.date().optional());

const rangeQuery = z.object({
  from: optionalDay,
  to: optionalDay,
  group: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.enum(groupings).optional()),
});

/**
 * The range a query string asks for, checked: real dates, from ≤ to, at most two years. What
 * is missing defaults to the last 30 days by day; anything wrong is reported per field and the
 * default range is shown instead.
 */
export function parseRange(
  params: URLSearchParams,
  today: string,
): { range: AnalyticsRange; errors: RangeErrors; submitted: Record<RangeField, string> } {
  const submitted = {
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    group: params.get("group") ?? "",
  };
  const fallback: AnalyticsRange = { ...lastDays(today, DEFAULT_RANGE_DAYS), group: "day" };
  const parsed = rangeQuery.safeParse(submitted);
  if (!parsed.success) {
    const errors: RangeErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as RangeField;
      errors[field] ??=
        field === "group" ? "admin.analytics.errors.group" : "admin.analytics.errors.date";
    }
    return { range: fallback, errors, submitted };
  }
  const { from, to, group = "day" } = parsed.data;
  const last = to ?? today;
  const range: AnalyticsRange = {
    from: from ?? addDays(last, -(DEFAULT_RANGE_DAYS - 1)),
    to: last,
    group,
  };
  if (range.from > range.to) {
    return { range: fallback, errors: { to: "admin.analytics.errors.order" }, submitted };
  }
  if (dayNumber(range.to) - dayNumber(range.from) + 1 > MAX_RANGE_DAYS) {
    return { range: fallback, errors: { from: "admin.analytics.errors.tooLong" }, submitted };
  }
  return { range, errors: {}, submitted };
}

/** The first day of the bucket (day, ISO week from Monday, month) a day falls in. */
export function bucketOf(day: string, group: Grouping): string {
  if (group === "day") return day;
  if (group === "month") return `${day.slice(0, 7)}-01`;
  const n = dayNumber(day);
  const weekday = (new Date(n * DAY_MS).getUTCDay() + 6) % 7; // Monday = 0
  return dayOf(n - weekday);
}

/** Every bucket of the range, in order, so that quiet days show as zero. */
export function bucketsOf(range: AnalyticsRange): string[] {
  const buckets: string[] = [];
  let bucket = bucketOf(range.from, range.group);
  while (bucket <= range.to) {
    buckets.push(bucket);
    if (range.group === "day") bucket = addDays(bucket, 1);
    else if (range.group === "week") bucket = addDays(bucket, 7);
    else {
      const [year, month] = bucket.split("-").map(Number) as [number, number];
      bucket =
        month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
    }
  }
  return buckets;
}

export interface Slice {
  /** The stored value (a status, a source, a language, a country code, an affiliate id). */
  key: string | null;
  count: number;
  /** An affiliate's referral code and name. */
  label?: string;
}

export interface AnalyticsReport {
  range: AnalyticsRange;
  total: number;
  overTime: { bucket: string; counts: Record<SubmissionStatus, number>; total: number }[];
  byStatus: { key: SubmissionStatus; count: number }[];
  bySource: { key: SubmissionSource; count: number }[];
  byLanguage: Slice[];
  /** The ten countries most applied from; `others` adds up the rest. */
  byCountry: { top: Slice[]; others: number };
  /** The ten affiliates most applied through, then the applications no affiliate referred. */
  byAffiliate: { top: Slice[]; others: number; direct: number };
  /**
   * Affiliates' links in the range: clicks (counted by the server, referral_clicks) next to the
   * applications that came through them, the ten most clicked or applied through first.
   */
  referralLinks: {
    top: { key: string; label: string; clicks: number; applications: number }[];
    clicks: number;
    applications: number;
  };
  pageViews: { key: PageGroup; count: number }[];
}

const TOP = 10;

interface GroupedRow {
  kind: "time" | "source" | "language" | "country" | "affiliate";
  bucket: string | null;
  status: SubmissionStatus | null;
  value: string | null;
  n: number;
}

// Hash aggregation in memory: with PostgreSQL's default 4 MB the planner sorts on disk instead.
const WORK_MEM = "32MB";

/** A read of its own, in a transaction that may use WORK_MEM (two run side by side). */
async function query<Row>(db: Database, statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${WORK_MEM}'`));
    const result = await tx.execute(statement);
    return (result as unknown as { rows: Row[] }).rows;
  });
}

/**
 * Every figure of the screen about applications, in two reads of the range's rows (found by
 * the index on created_at), run side by side:
 * - over time by status: first per UTC hour, a cheap key PostgreSQL can aggregate in parallel,
 *   then each hour to its day, week or month in the agency's time zone (its offsets are whole
 *   hours, so an hour never straddles two of its days) — converting every row's time zone
 *   instead costs twice as much at a million rows;
 * - source × language × country × affiliate in one GROUP BY (a few hundred combinations),
 *   whose grouping sets then give each breakdown.
 * The bounds are the agency's midnights.
 */
async function groupedSubmissions(db: Database, range: AnalyticsRange): Promise<GroupedRow[]> {
  const start = sql`(${range.from}::date)::timestamp at time zone ${reportingTimeZone}`;
  const end = sql`(${addDays(range.to, 1)}::date)::timestamp at time zone ${reportingTimeZone}`;
  const inRange = sql`${submissions.createdAt} >= ${start} and ${submissions.createdAt} < ${end}`;
  const [overTime, breakdowns] = await Promise.all([
    query<GroupedRow>(
      db,
      sql`
      select 'time' as kind,
        to_char(date_trunc(${range.group}, hour at time zone ${reportingTimeZone}), 'YYYY-MM-DD') as bucket,
        status, null as value, sum(n)::int as n
      from (
        select date_bin('1 hour', ${submissions.createdAt}, timestamptz '2000-01-01 00:00:00+00') as hour,
          ${submissions.status} as status, count(*) as n
        from ${submissions}
        where ${inRange}
        group by 1, 2
      ) as hours
      group by 2, 3`,
    ),
    query<GroupedRow>(
      db,
      sql`
      select
        case
          when grouping(source) = 0 then 'source'
          when grouping(language) = 0 then 'language'
          when grouping(country) = 0 then 'country'
          else 'affiliate'
        end as kind,
        null as bucket, null as status,
        coalesce(source, language, country, affiliate_id::text) as value,
        sum(n)::int as n
      from (
        select ${submissions.source} as source, ${submissions.language} as language,
          upper(${submissions.country}) as country, ${submissions.affiliateId} as affiliate_id,
          count(*) as n
        from ${submissions}
        where ${inRange}
        group by 1, 2, 3, 4
      ) as combinations
      group by grouping sets ((source), (language), (country), (affiliate_id))`,
    ),
  ]);
  return [...overTime, ...breakdowns].map((row) => ({ ...row, n: Number(row.n) }));
}

async function countsOf(db: Database, range: AnalyticsRange) {
  const rows = await db
    .select({
      event: dailyCounts.event,
      dimension: dailyCounts.dimension,
      n: sql<number>`sum(${dailyCounts.count})::int`,
    })
    .from(dailyCounts)
    .where(sql`${dailyCounts.day} between ${range.from} and ${range.to}`)
    .groupBy(dailyCounts.event, dailyCounts.dimension);
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

const byCount = (a: Slice, b: Slice) =>
  b.count - a.count || String(a.key).localeCompare(String(b.key));

/** Clicks on each affiliate's link in the range (their days are the agency's, like the range). */
async function referralClicksOf(db: Database, range: AnalyticsRange) {
  const rows = await db
    .select({
      affiliateId: referralClicks.affiliateId,
      clicks: sql<number>`sum(${referralClicks.clicks})::int`,
    })
    .from(referralClicks)
    .where(and(gte(referralClicks.day, range.from), lte(referralClicks.day, range.to)))
    .groupBy(referralClicks.affiliateId);
  return new Map(rows.map((row) => [String(row.affiliateId), Number(row.clicks)]));
}

/** The analytics of a range (already checked by parseRange). */
export async function analyticsReport(
  db: Database,
  range: AnalyticsRange,
): Promise<AnalyticsReport> {
  const [grouped, counts, clicks] = await Promise.all([
    groupedSubmissions(db, range),
    countsOf(db, range),
    referralClicksOf(db, range),
  ]);

  const zero = () =>
    Object.fromEntries(submissionStatuses.map((status) => [status, 0])) as Record<
      SubmissionStatus,
      number
    >;
  const timeline = new Map(bucketsOf(range).map((bucket) => [bucket, zero()]));
  const statusTotals = zero();
  const sources = Object.fromEntries(submissionSources.map((source) => [source, 0])) as Record<
    SubmissionSource,
    number
  >;
  const languages: Slice[] = [];
  const countries: Slice[] = [];
  const referrers: Slice[] = [];
  let direct = 0;

  for (const row of grouped) {
    if (row.kind === "time" && row.bucket && row.status) {
      let counts = timeline.get(row.bucket);
      if (!counts) timeline.set(row.bucket, (counts = zero()));
      counts[row.status] += row.n;
      statusTotals[row.status] += row.n;
    } else if (row.kind === "source" && row.value) {
      sources[row.value as SubmissionSource] = row.n;
    } else if (row.kind === "language") {
      languages.push({ key: row.value, count: row.n });
    } else if (row.kind === "country") {
      countries.push({ key: row.value, count: row.n });
    } else if (row.kind === "affiliate") {
      if (row.value === null) direct = row.n;
      else referrers.push({ key: row.value, count: row.n });
    }
  }

  countries.sort(byCount);
  const knownCountries = countries.filter((slice) => slice.key !== null);
  const unknownCountry = countries.find((slice) => slice.key === null);
  const topCountries = knownCountries.slice(0, TOP);
  if (unknownCountry) topCountries.push(unknownCountry);

  referrers.sort(byCount);
  const topReferrers = referrers.slice(0, TOP);
  const applicationsBy = new Map(referrers.map((slice) => [String(slice.key), slice.count]));
  const linkRows = [...new Set([...clicks.keys(), ...applicationsBy.keys()])].map((key) => ({
    key,
    clicks: clicks.get(key) ?? 0,
    applications: applicationsBy.get(key) ?? 0,
  }));
  linkRows.sort((x, y) => y.clicks - x.clicks || y.applications - x.applications);
  const topLinks = linkRows.slice(0, TOP);

  const labelled = [...new Set([...topReferrers, ...topLinks].map((row) => String(row.key)))];
  const labels = new Map<string, string>();
  if (labelled.length > 0) {
    const names = await db
      .select({ id: affiliates.id, code: affiliates.referralCode, name: user.name })
      .from(affiliates)
      .innerJoin(user, sql`${user.id} = ${affiliates.userId}`)
      .where(inArray(affiliates.id, labelled.map(Number)));
    for (const row of names) labels.set(String(row.id), `${row.name} (${row.code})`);
  }
  for (const slice of topReferrers) slice.label = labels.get(String(slice.key)) ?? `#${slice.key}`;

  const total = Object.values(statusTotals).reduce((a, b) => a + b, 0);
  const sum = (event: string, dimension?: string) =>
    counts
      .filter(
        (row) => row.event === event && (dimension === undefined || row.dimension === dimension),
      )
      .reduce((a, row) => a + row.n, 0);

  return {
    range,
    total,
    overTime: [...timeline].map(([bucket, counts]) => ({
      bucket,
      counts,
      total: Object.values(counts).reduce((a, b) => a + b, 0),
    })),
    byStatus: submissionStatuses.map((key) => ({ key, count: statusTotals[key] })),
    bySource: submissionSources.map((key) => ({ key, count: sources[key] })),
    byLanguage: languages.sort(byCount),
    byCountry: {
      top: topCountries,
      others: knownCountries.slice(TOP).reduce((a, slice) => a + slice.count, 0),
    },
    byAffiliate: {
      top: topReferrers,
      others: referrers.slice(TOP).reduce((a, slice) => a + slice.count, 0),
      direct,
    },
    referralLinks: {
      top: topLinks.map((row) => ({ ...row, label: labels.get(row.key) ?? `#${row.key}` })),
      clicks: [...clicks.values()].reduce((a, n) => a + n, 0),
      applications: referrers.reduce((a, slice) => a + slice.count, 0),
    },
    pageViews: pageGroups.map((key) => ({ key, count: sum("page_view", key) })),
  };
}
