import type { KeysetCursor } from "#app/utils/keyset.ts";
import { and, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { affiliates, commissionRules, submissions, user } from "#app/db/schema.server.ts";
import type { AffiliateStatusValue } from "./admin-forms.ts";
import { entriesOf, totalsByAffiliate } from "./entries.server.ts";
import { programSettings } from "./entry-state.server.ts";
import { rulesOf } from "./rules.server.ts";

/**
 * The affiliates in the back office (admin/afiliados, product.md section 4): the list with each
 * one's referrals, approvals and money, her page, and the admin's changes, each written in one
 * transaction with its access-log entry.
 */

export interface AffiliateListFilter {
  /** Part of her name, e-mail or referral code, in any case. */
  search?: string;
  status?: AffiliateStatusValue;
  /** The `next` of the previous page. */
  before?: KeysetCursor;
  /** One affiliate (her page). */
  id?: number;
}

const MAX_PAGE_SIZE = 200;

/** `%`, `_` and `\` typed into the search box are letters, not LIKE wildcards. */
function containsPattern(search: string) {
  return `%${search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * One query for a page of affiliates and their figures: the page is chosen first (a CTE), and
 * the referrals and the entries are counted and summed for that page only, each in one grouped
 * subquery (the index on submissions.affiliate_id serves the first), never one query per row.
 * The entries' states are derived at `now`.
 */
function affiliateQuery(
  db: Database,
  filter: AffiliateListFilter,
  limit: number,
  now: Date = new Date(),
) {
  const conditions: SQL[] = [];
  if (filter.id !== undefined) conditions.push(eq(affiliates.id, filter.id));
  if (filter.status) conditions.push(eq(affiliates.status, filter.status));
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        sql`lower(${user.name}) like ${pattern}`,
        sql`lower(${user.email}) like ${pattern}`,
        sql`lower(${affiliates.referralCode}) like ${pattern}`,
      )!,
    );
  }
  if (filter.before) {
    conditions.push(
      sql`(${affiliates.createdAt}, ${affiliates.id}) < (${filter.before.createdAt}::timestamptz, ${filter.before.id})`,
    );
  }
  const page = db.$with("page").as(
    db
      .select({
        id: affiliates.id,
        name: user.name,
        email: user.email,
        referralCode: affiliates.referralCode,
        status: affiliates.status,
        ownRule:
          sql<boolean>`exists (select 1 from ${commissionRules} where ${commissionRules.affiliateId} = ${affiliates.id})`.as(
            "own_rule",
          ),
        promotion: affiliates.promotion,
        createdAt: affiliates.createdAt,
        cursorCreatedAt: sql<string>`${affiliates.createdAt}::text`.as("cursor_created_at"),
      })
      .from(affiliates)
      .innerJoin(user, eq(user.id, affiliates.userId))
      .where(and(...conditions))
      .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
      .limit(limit),
  );
  const pageIds = db.select({ id: page.id }).from(page);
  const referrals = db
    .select({
      affiliateId: sql<number>`${submissions.affiliateId}`.as("referral_affiliate_id"),
      referrals: sql<number>`count(*)::int`.as("referrals"),
      approvals: sql<number>`(count(*) filter (where ${submissions.status} = 'Aprovado'))::int`.as(
        "approvals",
      ),
    })
    .from(submissions)
    .where(inArray(submissions.affiliateId, pageIds))
    .groupBy(submissions.affiliateId)
    .as("referral_counts");
  const sums = totalsByAffiliate(db, pageIds, now);
  return db
    .with(page)
    .select({
      id: page.id,
      name: page.name,
      email: page.email,
      referralCode: page.referralCode,
      status: page.status,
      ownRule: page.ownRule,
      promotion: page.promotion,
      createdAt: page.createdAt,
      cursorCreatedAt: page.cursorCreatedAt,
      referrals: sql<number>`coalesce(${referrals.referrals}, 0)`.mapWith(Number),
      approvals: sql<number>`coalesce(${referrals.approvals}, 0)`.mapWith(Number),
      // Sums of bigint are numeric: text on the wire, whole cents, well within a double.
      pendingCents: sql<number>`coalesce(${sums.pending}, 0)`.mapWith(Number),
      payableCents: sql<number>`coalesce(${sums.payable}, 0)`.mapWith(Number),
      paidCents: sql<number>`coalesce(${sums.paid}, 0)`.mapWith(Number),
      heldCents: sql<number>`coalesce(${sums.held}, 0)`.mapWith(Number),
    })
    .from(page)
    .leftJoin(referrals, eq(referrals.affiliateId, page.id))
    .leftJoin(sums, eq(sums.affiliateId, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
}

export type AffiliateRow = Omit<
  Awaited<ReturnType<typeof affiliateQuery>>[number],
  "cursorCreatedAt"
>;

/** A page of affiliates, newest first, and the cursor of the next page (null on the last). */
export async function listAffiliates(
  db: Database,
  { limit = 50, now, ...filter }: AffiliateListFilter & { limit?: number; now?: Date } = {},
): Promise<{ rows: AffiliateRow[]; next: { createdAt: string; id: number } | null }> {
  const size = Math.min(Math.max(Math.trunc(limit) || 50, 1), MAX_PAGE_SIZE);
  const found = await affiliateQuery(db, filter, size + 1, now);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ cursorCreatedAt: _cursor, ...row }) => row),
    next: found.length > size && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  };
}

const REFERRALS_SHOWN = 100;

/**
 * Her page: her figures, her latest referrals, her entries (newest first, with their states at
 * `now`), the program's rule and her override, and the program's settings.
 */
export async function affiliateDetail(db: Database, id: number, now: Date = new Date()) {
  const [found] = await affiliateQuery(db, { id }, 1, now);
  if (!found) return null;
  const { cursorCreatedAt: _cursor, ...row } = found;
  const [referrals, entries, rules, settings] = await Promise.all([
    db
      .select({
        id: submissions.id,
        fullName: submissions.fullName,
        createdAt: submissions.createdAt,
        source: submissions.source,
        status: submissions.status,
      })
      .from(submissions)
      .where(eq(submissions.affiliateId, id))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(REFERRALS_SHOWN),
    entriesOf(db, id, now),
    rulesOf(db, id),
    programSettings(db),
  ]);
  return { affiliate: row, referrals, entries, rules, settings };
}

export type AffiliateDetail = NonNullable<Awaited<ReturnType<typeof affiliateDetail>>>;

export type ChangeResult = { outcome: "changed" } | { outcome: "unchanged" | "not-found" };

/** Activates or suspends an affiliate (a suspended one's link no longer attributes anything). */
export async function setAffiliateStatus(
  db: Database,
  input: { affiliateId: number; status: AffiliateStatusValue; actor: Actor },
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(affiliates)
      .set({ status: input.status })
      .where(and(eq(affiliates.id, input.affiliateId), ne(affiliates.status, input.status)))
      .returning({ id: affiliates.id });
    if (!updated)
      return { outcome: (await exists(tx, input.affiliateId)) ? "unchanged" : "not-found" };
    await recordAccess(tx, "affiliate.status", {
      actor: input.actor,
      subject: `affiliate:${input.affiliateId}`,
      details: {
        from: input.status === "active" ? "suspended" : "active",
        to: input.status,
      },
    });
    return { outcome: "changed" };
  });
}

async function exists(db: Pick<Database, "select">, id: number) {
  const [row] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(eq(affiliates.id, id))
    .for("update");
  return Boolean(row);
}
