import type { KeysetCursor } from "#app/utils/keyset.ts";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import {
  affiliates,
  submissions,
  user,
  type SubmissionSource,
  type SubmissionStatus,
} from "#app/db/schema.server.ts";
import type { ReviewSort } from "./review-filter.ts";
import { teamConditions, type TeamScope } from "./team-scope.server.ts";
import { searchCondition } from "./search.server.ts";

/** Where a page of the list starts (keyset on created_at, id): app/utils/keyset.ts. */
export type ReviewListCursor = KeysetCursor;

export interface ReviewListFilter extends TeamScope {
  status?: SubmissionStatus;
  /**
   * What is typed into the search box: any part of her name, e-mail or Instagram, 4 digits or
   * more of a phone number, the end of her document's last digits (search.server.ts).
   */
  search?: string;
  source?: SubmissionSource;
  language?: string;
  affiliateId?: number;
  /** Newest first (default), or oldest first: the order a queue of pending ones is worked in. */
  sort?: ReviewSort;
  /** The `next` of the previous page. */
  before?: ReviewListCursor;
}

const MAX_PAGE_SIZE = 200;

/**
 * Which applications a filter keeps and in which order, newest or oldest first: the list's page
 * and its export (export.server.ts) read the same rows. Every search maps onto an index of
 * schema.server.ts (status + date, date alone, the search's: search.server.ts, affiliate), so no
 * page reads the whole table; the tests check the plans and the benchmark
 * times them at 1M rows. Source and language narrow a walk of the date index.
 */
export function reviewListScope(options: ReviewListFilter) {
  const conditions: SQL[] = [];
  if (options.status) conditions.push(eq(submissions.status, options.status));
  const search = options.search ? searchCondition(options.search) : undefined;
  if (search) conditions.push(search);
  if (options.source) conditions.push(eq(submissions.source, options.source));
  if (options.language) conditions.push(eq(submissions.language, options.language));
  if (options.affiliateId) conditions.push(eq(submissions.affiliateId, options.affiliateId));
  conditions.push(...teamConditions(options));
  const oldestFirst = options.sort === "oldest";
  if (options.before) {
    // A row comparison, which PostgreSQL matches against the (created_at, id) index order.
    const position = sql`(${submissions.createdAt}, ${submissions.id})`;
    const cursor = sql`(${options.before.createdAt}::timestamptz, ${options.before.id})`;
    conditions.push(oldestFirst ? sql`${position} > ${cursor}` : sql`${position} < ${cursor}`);
  }
  const direction = oldestFirst ? asc : desc;
  return {
    where: and(...conditions),
    orderBy: [direction(submissions.createdAt), direction(submissions.id)] as const,
  };
}

/**
 * The query behind the back office's list of applications: what the list, the dashboard's
 * latest ones and an application's neighbours show of each, nothing more (the export reads
 * every field with a select of its own).
 */
export function reviewListQuery(db: Database, options: ReviewListFilter, limit: number) {
  const { where, orderBy } = reviewListScope(options);
  return db
    .select({
      id: submissions.id,
      createdAt: submissions.createdAt,
      cursorCreatedAt: sql<string>`${submissions.createdAt}::text`,
      status: submissions.status,
      source: submissions.source,
      fullName: submissions.fullName,
      email: submissions.email,
      erasedAt: submissions.erasedAt,
    })
    .from(submissions)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

export type ReviewListRow = Omit<
  Awaited<ReturnType<typeof reviewListQuery>>[number],
  "cursorCreatedAt"
>;

/**
 * One page of applications in the chosen order, and the cursor of the next page (null on the last).
 * Keyset pagination: page 500 is as quick as page 1, and rows arriving meanwhile shift nothing.
 */
export async function listSubmissions(
  db: Database,
  { limit = 50, ...filter }: ReviewListFilter & { limit?: number } = {},
): Promise<{ rows: ReviewListRow[]; next: ReviewListCursor | null }> {
  const size = Number.isFinite(limit)
    ? Math.min(Math.max(Math.trunc(limit), 1), MAX_PAGE_SIZE)
    : 50;
  // One row more than asked tells whether another page follows.
  const found = await reviewListQuery(db, filter, size + 1);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ cursorCreatedAt: _cursor, ...row }) => row),
    next: found.length > size && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  };
}

/** The affiliates the list can be narrowed to, by referral code (the filter's choices). */
export function listReferrers(db: Database) {
  return db
    .select({ id: affiliates.id, code: affiliates.referralCode, name: user.name })
    .from(affiliates)
    .innerJoin(user, eq(user.id, affiliates.userId))
    .orderBy(asc(affiliates.referralCode))
    .limit(500);
}
