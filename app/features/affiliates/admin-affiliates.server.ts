import type { KeysetCursor } from "#app/utils/keyset.ts";
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  affiliateLedger,
  affiliates,
  submissions,
  user,
  type LedgerKind,
} from "#app/db/schema.server.ts";
import type { AffiliateStatusValue } from "./admin-forms.ts";

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
 * the referrals and the ledger are counted and summed for that page only, each in one grouped
 * subquery (the index on submissions.affiliate_id serves the first), never one query per row.
 */
function affiliateQuery(db: Database, filter: AffiliateListFilter, limit: number) {
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
        commissionRate: affiliates.commissionRate,
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
  const ledger = db
    .select({
      affiliateId: sql<number>`${affiliateLedger.affiliateId}`.as("ledger_affiliate_id"),
      earnings:
        sql<string>`sum(${affiliateLedger.amountCents}) filter (where ${affiliateLedger.kind} = 'earning' and ${affiliateLedger.voidedAt} is null)`.as(
          "earnings",
        ),
      payouts:
        sql<string>`sum(${affiliateLedger.amountCents}) filter (where ${affiliateLedger.kind} = 'payout' and ${affiliateLedger.voidedAt} is null)`.as(
          "payouts",
        ),
    })
    .from(affiliateLedger)
    .where(inArray(affiliateLedger.affiliateId, pageIds))
    .groupBy(affiliateLedger.affiliateId)
    .as("ledger_sums");
  return db
    .with(page)
    .select({
      id: page.id,
      name: page.name,
      email: page.email,
      referralCode: page.referralCode,
      status: page.status,
      commissionRate: page.commissionRate,
      promotion: page.promotion,
      createdAt: page.createdAt,
      cursorCreatedAt: page.cursorCreatedAt,
      referrals: sql<number>`coalesce(${referrals.referrals}, 0)`.mapWith(Number),
      approvals: sql<number>`coalesce(${referrals.approvals}, 0)`.mapWith(Number),
      // Sums of bigint are numeric: text on the wire, whole cents, well within a double.
      earningsCents: sql<number>`coalesce(${ledger.earnings}, 0)`.mapWith(Number),
      payoutsCents: sql<number>`coalesce(${ledger.payouts}, 0)`.mapWith(Number),
    })
    .from(page)
    .leftJoin(referrals, eq(referrals.affiliateId, page.id))
    .leftJoin(ledger, eq(ledger.affiliateId, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
}

export type AffiliateRow = Omit<
  Awaited<ReturnType<typeof affiliateQuery>>[number],
  "cursorCreatedAt"
> & { balanceCents: number };

function withBalance<T extends { earningsCents: number; payoutsCents: number }>(row: T) {
  return { ...row, balanceCents: row.earningsCents - row.payoutsCents };
}

/** A page of affiliates, newest first, and the cursor of the next page (null on the last). */
export async function listAffiliates(
  db: Database,
  { limit = 50, ...filter }: AffiliateListFilter & { limit?: number } = {},
): Promise<{ rows: AffiliateRow[]; next: { createdAt: string; id: number } | null }> {
  const size = Math.min(Math.max(Math.trunc(limit) || 50, 1), MAX_PAGE_SIZE);
  const found = await affiliateQuery(db, filter, size + 1);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ cursorCreatedAt: _cursor, ...row }) => withBalance(row)),
    next: found.length > size && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  };
}

const REFERRALS_SHOWN = 100;
const LEDGER_SHOWN = 500;

/** Her page: her figures, her latest referrals and her ledger (newest first). */
export async function affiliateDetail(db: Database, id: number) {
  const [found] = await affiliateQuery(db, { id }, 1);
  if (!found) return null;
  const { cursorCreatedAt: _cursor, ...row } = found;
  const enteredBy = alias(user, "entered_by");
  const voidedBy = alias(user, "voided_by");
  const [referrals, ledger] = await Promise.all([
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
    db
      .select({
        id: affiliateLedger.id,
        kind: affiliateLedger.kind,
        amountCents: affiliateLedger.amountCents,
        occurredOn: affiliateLedger.occurredOn,
        note: affiliateLedger.note,
        createdAt: affiliateLedger.createdAt,
        enteredBy: enteredBy.name,
        voidedAt: affiliateLedger.voidedAt,
        voidedBy: voidedBy.name,
      })
      .from(affiliateLedger)
      .leftJoin(enteredBy, eq(enteredBy.id, affiliateLedger.createdBy))
      .leftJoin(voidedBy, eq(voidedBy.id, affiliateLedger.voidedBy))
      .where(eq(affiliateLedger.affiliateId, id))
      .orderBy(desc(affiliateLedger.occurredOn), desc(affiliateLedger.id))
      .limit(LEDGER_SHOWN),
  ]);
  return { affiliate: withBalance(row), referrals, ledger };
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

/** Sets her commission rate ("7.50", percent); the old and new rates go to the access log. */
export async function setCommissionRate(
  db: Database,
  input: { affiliateId: number; rate: string; actor: Actor },
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    // Read and locked first, so the log's "from" is the rate this change replaced.
    const [current] = await tx
      .select({ rate: affiliates.commissionRate })
      .from(affiliates)
      .where(eq(affiliates.id, input.affiliateId))
      .for("update");
    if (!current) return { outcome: "not-found" };
    if (current.rate !== null && Number(current.rate) === Number(input.rate)) {
      return { outcome: "unchanged" };
    }
    await tx
      .update(affiliates)
      .set({ commissionRate: input.rate })
      .where(eq(affiliates.id, input.affiliateId));
    await recordAccess(tx, "affiliate.commission", {
      actor: input.actor,
      subject: `affiliate:${input.affiliateId}`,
      details: { from: current.rate, to: input.rate },
    });
    return { outcome: "changed" };
  });
}

/** Records an earning or a payout (whole cents, the day it happened, an optional note). */
export async function recordLedgerEntry(
  db: Database,
  input: {
    affiliateId: number;
    kind: LedgerKind;
    amountCents: number;
    occurredOn: string;
    note: string | null;
    actor: Actor;
  },
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    if (!(await exists(tx, input.affiliateId))) return { outcome: "not-found" };
    const [entry] = await tx
      .insert(affiliateLedger)
      .values({
        affiliateId: input.affiliateId,
        kind: input.kind,
        amountCents: input.amountCents,
        occurredOn: input.occurredOn,
        note: input.note,
        createdBy: input.actor.id,
      })
      .returning({ id: affiliateLedger.id });
    await recordAccess(tx, "affiliate.ledger", {
      actor: input.actor,
      subject: `affiliate:${input.affiliateId}`,
      details: {
        entry: entry!.id,
        kind: input.kind,
        amountCents: input.amountCents,
        occurredOn: input.occurredOn,
        ...(input.note ? { note: input.note } : {}),
      },
    });
    return { outcome: "changed" };
  });
}

/**
 * Voids an entry recorded by mistake: it stays in her ledger, marked, and no longer counts in
 * her earnings or payouts. Only an entry of this affiliate, and only once.
 */
export async function voidLedgerEntry(
  db: Database,
  input: { affiliateId: number; entryId: number; actor: Actor },
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .update(affiliateLedger)
      .set({ voidedAt: new Date(), voidedBy: input.actor.id })
      .where(
        and(
          eq(affiliateLedger.id, input.entryId),
          eq(affiliateLedger.affiliateId, input.affiliateId),
          isNull(affiliateLedger.voidedAt),
        ),
      )
      .returning();
    if (!entry) {
      const [existing] = await tx
        .select({ id: affiliateLedger.id })
        .from(affiliateLedger)
        .where(
          and(
            eq(affiliateLedger.id, input.entryId),
            eq(affiliateLedger.affiliateId, input.affiliateId),
          ),
        );
      return { outcome: existing ? "unchanged" : "not-found" };
    }
    await recordAccess(tx, "affiliate.ledger.void", {
      actor: input.actor,
      subject: `affiliate:${input.affiliateId}`,
      details: {
        entry: entry.id,
        kind: entry.kind,
        amountCents: entry.amountCents,
        occurredOn: entry.occurredOn,
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
