import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import {
  affiliateEntries,
  affiliatePayoutBatches,
  affiliatePayoutDetails,
  affiliatePayouts,
  affiliates,
  user,
} from "#app/db/schema.server.ts";
import { entryStateSql, programSettings } from "#app/features/affiliates/entry-state.server.ts";
import { mailPayoutSent } from "./mail.server.ts";

/*
 * Payout batches (issue 31, decision 057): every affiliate whose payable entries reach the
 * minimum and who gave her details gets one payout, with a copy of her details as they were;
 * the admin exports the bank's file, then marks the batch paid (each affiliate gets a discreet
 * mail) or cancels it (its entries are free for the next one).
 */

const payable = (now: Date) =>
  and(
    isNull(affiliateEntries.payoutId),
    isNull(affiliateEntries.voidedAt),
    sql`${entryStateSql(now)} = 'payable'`,
  );

export type WaitingReason = "below-minimum" | "no-details";

export interface PreviewRow {
  affiliateId: number;
  name: string;
  totalCents: number;
  entries: number;
  hint: string | null;
  /** Why she waits for a later batch; null when the batch would pay her. */
  waiting: WaitingReason | null;
}

/** What a batch made now would take: who would be paid, and who waits and why. */
export async function batchPreview(db: Database, now = new Date()) {
  const { minimumPayoutCents } = await programSettings(db);
  const rows = await db
    .select({
      affiliateId: affiliateEntries.affiliateId,
      name: user.name,
      totalCents: sql<string>`sum(${affiliateEntries.amountCents})`,
      entries: sql<number>`count(*)::int`,
      hint: affiliatePayoutDetails.hint,
    })
    .from(affiliateEntries)
    .innerJoin(affiliates, eq(affiliates.id, affiliateEntries.affiliateId))
    .innerJoin(user, eq(user.id, affiliates.userId))
    .leftJoin(
      affiliatePayoutDetails,
      eq(affiliatePayoutDetails.affiliateId, affiliateEntries.affiliateId),
    )
    .where(payable(now))
    .groupBy(affiliateEntries.affiliateId, user.name, affiliatePayoutDetails.hint)
    .orderBy(user.name, affiliateEntries.affiliateId);
  const preview: PreviewRow[] = rows.map((row) => {
    const totalCents = Number(row.totalCents);
    return {
      ...row,
      totalCents,
      waiting: !reachesMinimum(totalCents, minimumPayoutCents)
        ? "below-minimum"
        : row.hint === null
          ? "no-details"
          : null,
    };
  });
  return { minimumPayoutCents, rows: preview };
}

// A payout is never of nothing or less, whatever the minimum is set to.
const reachesMinimum = (totalCents: number, minimum: number) =>
  totalCents > 0 && totalCents >= minimum;

/** How long a second press of "make the batch" means the batch the first press made. */
const SECOND_PRESS_MS = 60_000;

/**
 * Makes a batch of everything payable now, in one transaction that locks the entries it takes
 * (FOR UPDATE): a second admin pressing at the same moment waits, then finds those entries
 * taken (PostgreSQL checks the row again once the lock is released) and pays only what is left,
 * usually nothing. The same admin pressing again within a minute (a double tap on a slow phone,
 * a form sent again) finds nothing left and is given the batch she has just made.
 */
export async function createBatch(
  db: Database,
  actor: Actor,
  now = new Date(),
): Promise<{ outcome: "created" | "already-made"; batchId: number } | { outcome: "empty" }> {
  return db.transaction(async (tx) => {
    const { minimumPayoutCents } = await programSettings(tx);
    const entries = await tx
      .select({
        id: affiliateEntries.id,
        affiliateId: affiliateEntries.affiliateId,
        amountCents: affiliateEntries.amountCents,
      })
      .from(affiliateEntries)
      .where(payable(now))
      .orderBy(affiliateEntries.id)
      .for("update");
    const byAffiliate = new Map<number, { ids: number[]; totalCents: number }>();
    for (const entry of entries) {
      const own = byAffiliate.get(entry.affiliateId) ?? { ids: [], totalCents: 0 };
      own.ids.push(entry.id);
      own.totalCents += entry.amountCents;
      byAffiliate.set(entry.affiliateId, own);
    }
    const due = [...byAffiliate].filter(([, own]) =>
      reachesMinimum(own.totalCents, minimumPayoutCents),
    );
    const details = due.length
      ? await tx
          .select()
          .from(affiliatePayoutDetails)
          .where(
            inArray(
              affiliatePayoutDetails.affiliateId,
              due.map(([id]) => id),
            ),
          )
      : [];
    const paid = due.filter(([id]) => details.some((row) => row.affiliateId === id));
    if (paid.length === 0) {
      const [justMade] = await tx
        .select({ id: affiliatePayoutBatches.id })
        .from(affiliatePayoutBatches)
        .where(
          and(
            eq(affiliatePayoutBatches.createdBy, actor.id),
            eq(affiliatePayoutBatches.state, "open"),
            gt(affiliatePayoutBatches.createdAt, new Date(now.getTime() - SECOND_PRESS_MS)),
          ),
        )
        .orderBy(desc(affiliatePayoutBatches.id))
        .limit(1);
      return justMade
        ? { outcome: "already-made" as const, batchId: justMade.id }
        : { outcome: "empty" as const };
    }

    const [batch] = await tx
      .insert(affiliatePayoutBatches)
      .values({ createdBy: actor.id, createdAt: now })
      .returning({ id: affiliatePayoutBatches.id });
    let totalCents = 0;
    for (const [affiliateId, own] of paid) {
      const detail = details.find((row) => row.affiliateId === affiliateId)!;
      const [payout] = await tx
        .insert(affiliatePayouts)
        .values({
          batchId: batch!.id,
          affiliateId,
          amountCents: own.totalCents,
          method: detail.method,
          detailsEncrypted: detail.detailsEncrypted,
          hint: detail.hint,
        })
        .returning({ id: affiliatePayouts.id });
      await tx
        .update(affiliateEntries)
        .set({ payoutId: payout!.id })
        .where(inArray(affiliateEntries.id, own.ids));
      totalCents += own.totalCents;
    }
    await recordAccess(tx, "affiliate.payout-batch", {
      actor,
      subject: `payout-batch:${batch!.id}`,
      details: { batch: batch!.id, change: "created", payouts: paid.length, totalCents },
    });
    return { outcome: "created" as const, batchId: batch!.id };
  });
}

/** The batches, newest first, each with its number of payouts and its total. */
export async function listBatches(db: Reader, limit = 50) {
  const rows = await db
    .select({
      id: affiliatePayoutBatches.id,
      state: affiliatePayoutBatches.state,
      createdAt: affiliatePayoutBatches.createdAt,
      paidAt: affiliatePayoutBatches.paidAt,
      reference: affiliatePayoutBatches.reference,
      payouts: sql<number>`count(${affiliatePayouts.id})::int`,
      totalCents: sql<string>`coalesce(sum(${affiliatePayouts.amountCents}), 0)`,
    })
    .from(affiliatePayoutBatches)
    .leftJoin(affiliatePayouts, eq(affiliatePayouts.batchId, affiliatePayoutBatches.id))
    .groupBy(affiliatePayoutBatches.id)
    .orderBy(desc(affiliatePayoutBatches.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, totalCents: Number(row.totalCents) }));
}

/** A batch and its payouts (her name, the hint of the details it pays to, the amount). */
export async function batchDetail(db: Reader, batchId: number) {
  const [batch] = await db
    .select()
    .from(affiliatePayoutBatches)
    .where(eq(affiliatePayoutBatches.id, batchId));
  if (!batch) return null;
  const payouts = await batchPayouts(db, batchId);
  return { batch, payouts };
}

export function batchPayouts(db: Reader, batchId: number) {
  return db
    .select({
      id: affiliatePayouts.id,
      affiliateId: affiliatePayouts.affiliateId,
      name: user.name,
      email: user.email,
      language: user.language,
      amountCents: affiliatePayouts.amountCents,
      method: affiliatePayouts.method,
      hint: affiliatePayouts.hint,
      detailsEncrypted: affiliatePayouts.detailsEncrypted,
    })
    .from(affiliatePayouts)
    .innerJoin(affiliates, eq(affiliates.id, affiliatePayouts.affiliateId))
    .innerJoin(user, eq(user.id, affiliates.userId))
    .where(eq(affiliatePayouts.batchId, batchId))
    .orderBy(user.name, affiliatePayouts.id);
}

/**
 * Locks a batch for a change of its state: only an open batch may be paid or cancelled, and two
 * admins at once change it one after the other (the second finds it no longer open).
 */
async function lockBatch(tx: Transaction, batchId: number) {
  const [found] = await tx
    .select({
      state: affiliatePayoutBatches.state,
      reference: affiliatePayoutBatches.reference,
      paidAt: affiliatePayoutBatches.paidAt,
    })
    .from(affiliatePayoutBatches)
    .where(eq(affiliatePayoutBatches.id, batchId))
    .for("update");
  return found;
}

async function lockOpenBatch(tx: Transaction, batchId: number) {
  const found = await lockBatch(tx, batchId);
  if (!found) return "missing";
  return found.state === "open" ? "open" : "not-open";
}

/** Noon in Brasília of the day the bank paid: the same day in every time zone the screens use. */
const paidAtOf = (paidOn: string) => new Date(`${paidOn}T12:00:00-03:00`);

/**
 * Marks an open batch paid with the bank's reference and the day it paid, and tells each
 * affiliate by a mail with no amount, all in one transaction. A batch already paid or
 * cancelled is left as it is.
 */
export async function markBatchPaid(
  db: Database,
  actor: Actor,
  batchId: number,
  input: { reference: string; paidOn: string },
): Promise<"paid" | "already-paid" | "missing" | "not-open"> {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) return "missing";
    const paidAt = paidAtOf(input.paidOn);
    if (batch.state !== "open") {
      // The same payment pressed twice (a double tap, a form sent again): already done.
      const same =
        batch.state === "paid" &&
        batch.reference === input.reference &&
        batch.paidAt?.getTime() === paidAt.getTime();
      return same ? "already-paid" : "not-open";
    }
    await tx
      .update(affiliatePayoutBatches)
      .set({ state: "paid", paidAt, paidBy: actor.id, reference: input.reference })
      .where(eq(affiliatePayoutBatches.id, batchId));
    const payouts = await batchPayouts(tx, batchId);
    for (const payout of payouts) await mailPayoutSent(tx, payout);
    await recordAccess(tx, "affiliate.payout-batch", {
      actor,
      subject: `payout-batch:${batchId}`,
      details: {
        batch: batchId,
        change: "paid",
        reference: input.reference,
        paidOn: input.paidOn,
        payouts: payouts.length,
        totalCents: payouts.reduce((sum, payout) => sum + payout.amountCents, 0),
      },
    });
    return "paid";
  });
}

/** Cancels an open batch: its payouts stay on record, its entries are free again. */
export async function cancelBatch(
  db: Database,
  actor: Actor,
  batchId: number,
): Promise<"cancelled" | "missing" | "not-open"> {
  return db.transaction(async (tx) => {
    const locked = await lockOpenBatch(tx, batchId);
    if (locked !== "open") return locked;
    await tx
      .update(affiliatePayoutBatches)
      .set({ state: "cancelled" })
      .where(eq(affiliatePayoutBatches.id, batchId));
    const freed = await tx
      .update(affiliateEntries)
      .set({ payoutId: null })
      .where(
        inArray(
          affiliateEntries.payoutId,
          tx
            .select({ id: affiliatePayouts.id })
            .from(affiliatePayouts)
            .where(eq(affiliatePayouts.batchId, batchId)),
        ),
      )
      .returning({ id: affiliateEntries.id });
    await recordAccess(tx, "affiliate.payout-batch", {
      actor,
      subject: `payout-batch:${batchId}`,
      details: { batch: batchId, change: "cancelled", entries: freed.length },
    });
    return "cancelled";
  });
}

/** Her payouts for her portal: paid ones and the one being paid, newest first. */
export async function payoutsOfAffiliate(db: Reader, affiliateId: number, limit = 24) {
  return db
    .select({
      id: affiliatePayouts.id,
      amountCents: affiliatePayouts.amountCents,
      hint: affiliatePayouts.hint,
      state: affiliatePayoutBatches.state,
      createdAt: affiliatePayoutBatches.createdAt,
      paidAt: affiliatePayoutBatches.paidAt,
    })
    .from(affiliatePayouts)
    .innerJoin(affiliatePayoutBatches, eq(affiliatePayoutBatches.id, affiliatePayouts.batchId))
    .where(
      and(
        eq(affiliatePayouts.affiliateId, affiliateId),
        inArray(affiliatePayoutBatches.state, ["open", "paid"]),
      ),
    )
    .orderBy(desc(affiliatePayouts.id))
    .limit(limit);
}
