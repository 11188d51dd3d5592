import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import {
  affiliates,
  referralClicks,
  submissions,
  submissionStatuses,
  type SubmissionStatus,
} from "#app/db/schema.server.ts";
import { addDays, bucketOf, bucketsOf } from "#app/features/analytics/analytics.server.ts";
import { reportingTimeZone } from "#app/features/analytics/events.ts";
import { createAffiliate } from "#app/auth/affiliate-account.server.ts";
import { DEFAULT_PORTAL_WEEKS, portalWeekChoices } from "./portal-range.ts";
import { entriesOf, entryTotals } from "./entries.server.ts";
import { effectiveRule } from "./rules.server.ts";

/**
 * The affiliate portal's data (/portal, product.md section 4): her own link, clicks, referrals
 * and money, and nothing of anyone else's. Every query is filtered by the affiliate row of the
 * signed-in account; nothing from the request chooses whose data is read.
 *
 * What she may know of the people she referred is their first name and the initial of the last,
 * when they applied, through which form, and where the application stands: never an e-mail,
 * phone, document, message or anything else they wrote.
 */

export const REFERRALS_PER_PAGE = 25;

/** "Ana Paula Souza" → "Ana S."; a single name stays as it is; an erased name is null. */
export function shortName(fullName: string | null | undefined): string | null {
  const parts = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  const [first] = parts;
  if (!first) return null;
  const last = parts.length > 1 ? parts.at(-1)! : null;
  // By code point, so an initial is never half of a surrogate pair.
  const initial = last ? Array.from(last)[0]!.toLocaleUpperCase() : null;
  return initial ? `${first} ${initial}.` : first;
}

/**
 * The affiliate row of her account. Every way an account becomes an affiliate creates it; should
 * one be missing (a role set by hand in the database), it is made here, so she gets a link
 * instead of an error.
 */
export async function portalAffiliate(db: Database, userId: string) {
  const select = () =>
    db
      .select({
        id: affiliates.id,
        referralCode: affiliates.referralCode,
        status: affiliates.status,
      })
      .from(affiliates)
      .where(eq(affiliates.userId, userId));
  const [found] = await select();
  if (found) return found;
  await createAffiliate(db, { userId, promotion: "" });
  const [created] = await select();
  return created!;
}

export interface PortalFigures {
  clicks: number;
  referred: number;
  byStatus: Record<SubmissionStatus, number>;
}

export interface PortalWeek {
  /** The Monday the week starts on (YYYY-MM-DD, the agency's calendar). */
  bucket: string;
  clicks: number;
  referred: Record<SubmissionStatus, number>;
}

export interface PortalReferral {
  /** First name and initial; null once her data was erased. */
  name: string | null;
  createdAt: Date;
  source: (typeof submissions.$inferSelect)["source"];
  status: SubmissionStatus;
}

const emptyStatusCounts = () =>
  Object.fromEntries(submissionStatuses.map((status) => [status, 0])) as Record<
    SubmissionStatus,
    number
  >;

/** Her totals since she joined: clicks, referrals and where they stand. */
async function figuresOf(db: Database, affiliateId: number): Promise<PortalFigures> {
  const [clickRows, statusRows] = await Promise.all([
    db
      .select({ clicks: sql<number>`coalesce(sum(${referralClicks.clicks}), 0)`.mapWith(Number) })
      .from(referralClicks)
      .where(eq(referralClicks.affiliateId, affiliateId)),
    db
      .select({ status: submissions.status, count: count() })
      .from(submissions)
      .where(eq(submissions.affiliateId, affiliateId))
      .groupBy(submissions.status),
  ]);
  const byStatus = emptyStatusCounts();
  for (const row of statusRows) byStatus[row.status] = Number(row.count);
  return {
    clicks: clickRows[0]?.clicks ?? 0,
    referred: statusRows.reduce((sum, row) => sum + Number(row.count), 0),
    byStatus,
  };
}

/** Clicks and referrals per week (Monday to Sunday, the agency's days), quiet weeks as zero. */
async function weeksOf(
  db: Database,
  affiliateId: number,
  range: { from: string; to: string },
): Promise<PortalWeek[]> {
  const zone = sql.raw(`'${reportingTimeZone}'`);
  const week = sql<string>`to_char(date_trunc('week', ${submissions.createdAt} at time zone ${zone}), 'YYYY-MM-DD')`;
  const [clickRows, referralRows] = await Promise.all([
    db
      .select({
        day: sql<string>`to_char(${referralClicks.day}, 'YYYY-MM-DD')`,
        clicks: referralClicks.clicks,
      })
      .from(referralClicks)
      .where(and(eq(referralClicks.affiliateId, affiliateId), gte(referralClicks.day, range.from))),
    db
      .select({ week, status: submissions.status, count: count() })
      .from(submissions)
      .where(
        and(
          eq(submissions.affiliateId, affiliateId),
          // Midnight of the first day in Florianópolis, as an instant.
          sql`${submissions.createdAt} >= (${range.from}::date)::timestamp at time zone ${zone}`,
        ),
      )
      .groupBy(week, submissions.status),
  ]);
  const weeks = new Map<string, PortalWeek>(
    bucketsOf({ ...range, group: "week" }).map((bucket) => [
      bucket,
      { bucket, clicks: 0, referred: emptyStatusCounts() },
    ]),
  );
  for (const row of clickRows) {
    const entry = weeks.get(bucketOf(row.day, "week"));
    if (entry) entry.clicks += row.clicks;
  }
  for (const row of referralRows) {
    const entry = weeks.get(row.week);
    if (entry) entry.referred[row.status] += Number(row.count);
  }
  return [...weeks.values()];
}

/** A page of her referrals, newest first, as little of each as the portal shows. */
async function referralsOf(
  db: Database,
  affiliateId: number,
  page: number,
): Promise<PortalReferral[]> {
  const rows = await db
    .select({
      fullName: submissions.fullName,
      erasedAt: submissions.erasedAt,
      createdAt: submissions.createdAt,
      source: submissions.source,
      status: submissions.status,
    })
    .from(submissions)
    .where(eq(submissions.affiliateId, affiliateId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(REFERRALS_PER_PAGE)
    .offset((page - 1) * REFERRALS_PER_PAGE);
  // The full name never leaves this function.
  return rows.map((row) => ({
    name: row.erasedAt ? null : shortName(row.fullName),
    createdAt: row.createdAt,
    source: row.source,
    status: row.status,
  }));
}

/**
 * Her entries (latest first) with their states at `now`, her totals by state, and the rule that
 * applies to her. A referral is named by first name and initial only, as everywhere here; an
 * entry's amount, reason and void reason are hers to read; who entered or voided it is not.
 */
async function moneyOf(db: Database, affiliateId: number, now: Date) {
  const [entries, totals, rule] = await Promise.all([
    entriesOf(db, affiliateId, now),
    entryTotals(db, affiliateId, now),
    effectiveRule(db, affiliateId),
  ]);
  return {
    rule,
    totals,
    entries: entries.map((entry) => ({
      id: entry.id,
      origin: entry.origin,
      milestone: entry.milestone,
      referralName: shortName(entry.referralName),
      statementMonth: entry.statementMonth,
      statementRevision: entry.statementRevision,
      shareBasisPoints: entry.shareBasisPoints,
      // A manual entry's reason was written for her; the old ledger's notes were not.
      reason: entry.origin === "manual" ? entry.reason : null,
      amountCents: entry.amountCents,
      occurredOn: entry.occurredOn,
      state: entry.state,
      voidReason: entry.voidReason,
    })),
  };
}

export type PortalMoney = Awaited<ReturnType<typeof moneyOf>>;

/**
 * Everything the portal shows to the affiliate of this account: her weeks from the Monday
 * `weeks - 1` weeks before today's to today, and one page of her referrals (the last page when
 * `page` is past it).
 */
export async function portalData(
  db: Database,
  input: { userId: string; today: string; weeks: number; page: number; now?: Date },
) {
  const affiliate = await portalAffiliate(db, input.userId);
  const from = addDays(bucketOf(input.today, "week"), -7 * (input.weeks - 1));
  const figures = await figuresOf(db, affiliate.id);
  const pages = Math.max(1, Math.ceil(figures.referred / REFERRALS_PER_PAGE));
  const page = Math.min(Math.max(1, input.page), pages);
  const [weeks, referrals, money] = await Promise.all([
    weeksOf(db, affiliate.id, { from, to: input.today }),
    referralsOf(db, affiliate.id, page),
    moneyOf(db, affiliate.id, input.now ?? new Date()),
  ]);
  return {
    affiliate,
    figures,
    range: { from, to: input.today },
    weeks,
    referrals: { page, pages, rows: referrals },
    money,
  };
}

export type PortalQueryError = "portal.errors.weeks" | "portal.errors.page";

/**
 * What the query string may choose: the chart's weeks (one of portalWeekChoices) and the page of
 * referrals. Nothing else is read, so no parameter can point the portal at another affiliate.
 * A value that is not one of these is reported and the default is shown instead.
 */
export function parsePortalQuery(params: URLSearchParams): {
  weeks: number;
  page: number;
  error: PortalQueryError | null;
} {
  let error: PortalQueryError | null = null;
  let weeks = DEFAULT_PORTAL_WEEKS;
  const weeksText = params.get("weeks");
  if (weeksText !== null && weeksText !== "") {
    const asked = Number(weeksText);
    if ((portalWeekChoices as readonly number[]).includes(asked)) weeks = asked;
    else error = "portal.errors.weeks";
  }
  let page = 1;
  const pageText = params.get("page");
  if (pageText !== null && pageText !== "") {
    if (/^\d{1,6}$/.test(pageText) && Number(pageText) >= 1) page = Number(pageText);
    else error ??= "portal.errors.page";
  }
  return { weeks, page, error };
}
