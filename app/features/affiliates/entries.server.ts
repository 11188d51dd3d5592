import { and, desc, eq, gt, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { EntryState, SelfReferralSignal } from "#app/db/affiliate-program-states.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import {
  affiliateEntries,
  affiliates,
  statements,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { entryStateSql } from "./entry-state.server.ts";

/*
 * An affiliate's commission entries as her portal and her page in the back office read them,
 * and what an admin does to them: a manual entry (a correction, with its reason), a void (with
 * why), the review of an entry held as a possible self-referral. Each change is one transaction
 * with its access-log entry.
 */

export const ENTRIES_SHOWN = 200;

/** The sums of her entries by state, in cents (void ones left out). */
export interface EntryTotals {
  pendingCents: number;
  payableCents: number;
  inBatchCents: number;
  paidCents: number;
  heldCents: number;
}

const sumWhere = (state: SQL<EntryState>, name: EntryState) =>
  sql<number>`coalesce(sum(${affiliateEntries.amountCents}) filter (where ${state} = ${name}), 0)`.mapWith(
    Number,
  );

/** One affiliate's totals by state (the state derived at `now`). */
export async function entryTotals(
  db: Reader,
  affiliateId: number,
  now: Date,
): Promise<EntryTotals> {
  const state = entryStateSql(now);
  const [row] = await db
    .select({
      pendingCents: sumWhere(state, "pending"),
      payableCents: sumWhere(state, "payable"),
      inBatchCents: sumWhere(state, "in-batch"),
      paidCents: sumWhere(state, "paid"),
      heldCents: sumWhere(state, "held"),
    })
    .from(affiliateEntries)
    .where(eq(affiliateEntries.affiliateId, affiliateId));
  return row!;
}

/** The grouped subquery of several affiliates' totals, for a list (one query, not one per row). */
export function totalsByAffiliate(db: Database, affiliateIds: SQLWrapper, now: Date) {
  const state = entryStateSql(now);
  return db
    .select({
      affiliateId: sql<number>`${affiliateEntries.affiliateId}`.as("entries_affiliate_id"),
      pending:
        sql<string>`sum(${affiliateEntries.amountCents}) filter (where ${state} = 'pending')`.as(
          "pending",
        ),
      payable:
        sql<string>`sum(${affiliateEntries.amountCents}) filter (where ${state} in ('payable', 'in-batch'))`.as(
          "payable",
        ),
      paid: sql<string>`sum(${affiliateEntries.amountCents}) filter (where ${state} = 'paid')`.as(
        "paid",
      ),
      held: sql<string>`sum(${affiliateEntries.amountCents}) filter (where ${state} = 'held')`.as(
        "held",
      ),
    })
    .from(affiliateEntries)
    .where(inArray(affiliateEntries.affiliateId, affiliateIds))
    .groupBy(affiliateEntries.affiliateId)
    .as("entry_sums");
}

/**
 * Her entries, newest first, with their derived state and what a description needs: the
 * referral's name (full for the staff; her portal shortens it), the statement's month, the
 * reason. Only this affiliate's: the caller chose her from the session or the admin's page.
 */
export async function entriesOf(db: Reader, affiliateId: number, now: Date) {
  const enteredBy = alias(user, "entered_by");
  const voidedBy = alias(user, "voided_by");
  const rows = await db
    .select({
      id: affiliateEntries.id,
      origin: affiliateEntries.origin,
      milestone: affiliateEntries.milestone,
      amountCents: affiliateEntries.amountCents,
      occurredOn: affiliateEntries.occurredOn,
      createdAt: affiliateEntries.createdAt,
      payableAt: affiliateEntries.payableAt,
      state: entryStateSql(now),
      reason: affiliateEntries.reason,
      statementMonth: statements.month,
      statementRevision: affiliateEntries.statementRevision,
      shareBasisPoints: affiliateEntries.shareBasisPoints,
      referralName: submissions.fullName,
      referralErased: sql<boolean>`${submissions.erasedAt} is not null`,
      riskSignals: affiliateEntries.riskSignals,
      riskDecision: affiliateEntries.riskDecision,
      voidedAt: affiliateEntries.voidedAt,
      voidReason: affiliateEntries.voidReason,
      voidedByName: voidedBy.name,
      enteredByName: enteredBy.name,
    })
    .from(affiliateEntries)
    .leftJoin(submissions, eq(submissions.id, affiliateEntries.submissionId))
    .leftJoin(statements, eq(statements.id, affiliateEntries.statementId))
    .leftJoin(enteredBy, eq(enteredBy.id, affiliateEntries.createdBy))
    .leftJoin(voidedBy, eq(voidedBy.id, affiliateEntries.voidedBy))
    .where(eq(affiliateEntries.affiliateId, affiliateId))
    .orderBy(desc(affiliateEntries.occurredOn), desc(affiliateEntries.id))
    .limit(ENTRIES_SHOWN);
  return rows.map(({ referralErased, riskSignals, ...row }) => ({
    ...row,
    referralName: referralErased ? null : row.referralName,
    riskSignals: (riskSignals ?? []) as SelfReferralSignal[],
  }));
}

export type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

export type EntryChange = "changed" | "unchanged" | "not-found" | "duplicate";

/** A typed entry identical to one made this last minute is a second click, not a second entry. */
const DUPLICATE_WINDOW_MS = 60_000;

async function lockAffiliate(tx: Transaction, affiliateId: number) {
  const [row] = await tx
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId))
    .for("update");
  return Boolean(row);
}

/**
 * An admin's correction: an amount (negative takes back), a reason she reads as it is, the day.
 * Payable at once (an admin typed it: there is no event to undo). The same amount and reason for
 * the same affiliate within a minute is refused ("duplicate"): the affiliate's row is locked
 * first, so two posts at once are told apart too.
 */
export async function recordManualEntry(
  db: Database,
  input: {
    affiliateId: number;
    amountCents: number;
    reason: string;
    occurredOn: string;
    actor: Actor;
    now?: Date;
  },
): Promise<EntryChange> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await lockAffiliate(tx, input.affiliateId))) return "not-found";
    const [twin] = await tx
      .select({ id: affiliateEntries.id })
      .from(affiliateEntries)
      .where(
        and(
          eq(affiliateEntries.affiliateId, input.affiliateId),
          eq(affiliateEntries.origin, "manual"),
          eq(affiliateEntries.amountCents, input.amountCents),
          eq(affiliateEntries.reason, input.reason),
          isNull(affiliateEntries.voidedAt),
          gt(affiliateEntries.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (twin) return "duplicate";
    const [entry] = await tx
      .insert(affiliateEntries)
      .values({
        affiliateId: input.affiliateId,
        origin: "manual",
        amountCents: input.amountCents,
        reason: input.reason,
        occurredOn: input.occurredOn,
        createdBy: input.actor.id,
        createdAt: now,
        payableAt: now,
      })
      .returning({ id: affiliateEntries.id });
    await recordAccess(tx, "affiliate.entry", {
      actor: input.actor,
      subject: `affiliate:${input.affiliateId}`,
      details: {
        entry: entry!.id,
        amountCents: input.amountCents,
        occurredOn: input.occurredOn,
        reason: input.reason,
      },
    });
    return "changed";
  });
}

/**
 * An admin voids an entry with the reason she will read: only one of this affiliate, not void
 * yet, and not taken by a payout (a paid entry is corrected by a new one, never undone).
 */
export async function voidEntry(
  db: Database,
  input: { affiliateId: number; entryId: number; reason: string; actor: Actor; now?: Date },
): Promise<EntryChange> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .update(affiliateEntries)
      .set({
        voidedAt: input.now ?? new Date(),
        voidedBy: input.actor.id,
        voidReason: input.reason,
      })
      .where(
        and(
          eq(affiliateEntries.id, input.entryId),
          eq(affiliateEntries.affiliateId, input.affiliateId),
          isNull(affiliateEntries.voidedAt),
          isNull(affiliateEntries.payoutId),
        ),
      )
      .returning({ id: affiliateEntries.id, amountCents: affiliateEntries.amountCents });
    if (!entry) return (await entryExists(tx, input)) ? "unchanged" : "not-found";
    await recordAccess(tx, "affiliate.entry.void", {
      actor: input.actor,
      subject: `affiliate:${input.affiliateId}`,
      details: { entry: entry.id, amountCents: entry.amountCents, reason: input.reason },
    });
    return "changed";
  });
}

/**
 * The answer to an entry held as a possible self-referral: released (it then follows its hold as
 * any other), or voided with the admin's reason. Only a held entry of this affiliate, once.
 */
export async function reviewHeldEntry(
  db: Database,
  input: {
    affiliateId: number;
    entryId: number;
    decision: "released" | "voided";
    reason: string | null;
    actor: Actor;
    now?: Date;
  },
): Promise<EntryChange> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .update(affiliateEntries)
      .set({
        riskDecision: input.decision,
        riskReviewedBy: input.actor.id,
        riskReviewedAt: now,
        ...(input.decision === "voided"
          ? { voidedAt: now, voidedBy: input.actor.id, voidReason: input.reason }
          : {}),
      })
      .where(
        and(
          eq(affiliateEntries.id, input.entryId),
          eq(affiliateEntries.affiliateId, input.affiliateId),
          sql`${affiliateEntries.riskSignals} is not null`,
          isNull(affiliateEntries.riskDecision),
          isNull(affiliateEntries.voidedAt),
        ),
      )
      .returning({ id: affiliateEntries.id, signals: affiliateEntries.riskSignals });
    if (!entry) return (await entryExists(tx, input)) ? "unchanged" : "not-found";
    await recordAccess(tx, "affiliate.entry.review", {
      actor: input.actor,
      subject: `affiliate:${input.affiliateId}`,
      details: { entry: entry.id, decision: input.decision, signals: entry.signals ?? [] },
    });
    return "changed";
  });
}

async function entryExists(tx: Transaction, input: { affiliateId: number; entryId: number }) {
  const [row] = await tx
    .select({ id: affiliateEntries.id })
    .from(affiliateEntries)
    .where(
      and(
        eq(affiliateEntries.id, input.entryId),
        eq(affiliateEntries.affiliateId, input.affiliateId),
      ),
    );
  return Boolean(row);
}
