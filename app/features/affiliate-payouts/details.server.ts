import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database, Reader } from "#app/db/db.server.ts";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import {
  affiliatePayoutBatches,
  affiliatePayoutDetailChanges,
  affiliatePayoutDetails,
  affiliatePayouts,
  affiliates,
  user,
} from "#app/db/schema.server.ts";
import { decrypt, encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { CHANGE_TTL_HOURS } from "./constants.ts";
import { payoutHint, type PayoutDetails } from "./details.ts";
import { mailPayoutDetailsLink } from "./mail.server.ts";

/*
 * Her payout details (issue 31, decision 057): asked for with her password (checked by the
 * caller), stored beside the current ones until she follows the link mailed to her, then
 * swapped in one transaction with its line in the access log. A stolen session alone cannot
 * redirect her money: it needs her password and her mailbox.
 */

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** The affiliate row and account of a signed-in user, or null when she is none. */
export async function affiliateOfUser(db: Reader, userId: string) {
  const [row] = await db
    .select({
      id: affiliates.id,
      email: user.email,
      name: user.name,
      language: user.language,
    })
    .from(affiliates)
    .innerJoin(user, eq(user.id, affiliates.userId))
    .where(eq(affiliates.userId, userId));
  return row ?? null;
}

/** What her portal shows: the hint of her current details, and whether a change waits. */
export async function payoutDetailsSummary(db: Reader, affiliateId: number, now = new Date()) {
  const [current] = await db
    .select({
      method: affiliatePayoutDetails.method,
      hint: affiliatePayoutDetails.hint,
      updatedAt: affiliatePayoutDetails.updatedAt,
    })
    .from(affiliatePayoutDetails)
    .where(eq(affiliatePayoutDetails.affiliateId, affiliateId));
  const [waiting] = await db
    .select({ hint: affiliatePayoutDetailChanges.hint })
    .from(affiliatePayoutDetailChanges)
    .where(
      and(
        eq(affiliatePayoutDetailChanges.affiliateId, affiliateId),
        isNull(affiliatePayoutDetailChanges.confirmedAt),
        isNull(affiliatePayoutDetailChanges.cancelledAt),
        gt(affiliatePayoutDetailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(affiliatePayoutDetailChanges.createdAt))
    .limit(1);
  return {
    current: current ? { method: current.method, hint: current.hint } : null,
    waiting: waiting ? { hint: waiting.hint } : null,
  };
}
export type PayoutDetailsSummary = Awaited<ReturnType<typeof payoutDetailsSummary>>;

/**
 * Stores the change she asked for (her password already checked), ends any earlier one still
 * waiting, and mails her the link in her language, all in one transaction. The token itself
 * leaves only in the mail; the returned one is for tests.
 */
export async function requestPayoutDetailsChange(
  db: Database,
  affiliate: NonNullable<Awaited<ReturnType<typeof affiliateOfUser>>>,
  details: PayoutDetails,
  now = new Date(),
) {
  const token = randomBytes(32).toString("base64url");
  const hint = payoutHint(details);
  await db.transaction(async (tx) => {
    await tx
      .update(affiliatePayoutDetailChanges)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(affiliatePayoutDetailChanges.affiliateId, affiliate.id),
          isNull(affiliatePayoutDetailChanges.confirmedAt),
          isNull(affiliatePayoutDetailChanges.cancelledAt),
        ),
      );
    await tx.insert(affiliatePayoutDetailChanges).values({
      affiliateId: affiliate.id,
      method: details.method,
      detailsEncrypted: encrypt(JSON.stringify(details), getEncryptionKey().key),
      hint,
      tokenSha256: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHANGE_TTL_HOURS * 3600_000),
    });
    await mailPayoutDetailsLink(tx, affiliate, token, hint);
  });
  return { token, hint };
}

export type ChangeLookup =
  { status: "open"; hint: string } | { status: "unknown" | "expired" | "used" | "other" };

/**
 * What a mailed link is: a change of hers waiting (its hint), or why it cannot be used. A token
 * of another affiliate's change is "other", which the route answers as not found.
 */
export async function openPayoutDetailsChange(
  db: Reader,
  affiliateId: number,
  token: string | null,
  now = new Date(),
): Promise<ChangeLookup> {
  if (!token || token.length > 100) return { status: "unknown" };
  const [change] = await db
    .select()
    .from(affiliatePayoutDetailChanges)
    .where(eq(affiliatePayoutDetailChanges.tokenSha256, sha256(token)));
  return lookup(change, affiliateId, now);
}

function lookup(
  change: typeof affiliatePayoutDetailChanges.$inferSelect | undefined,
  affiliateId: number,
  now: Date,
): ChangeLookup {
  if (!change) return { status: "unknown" };
  if (change.affiliateId !== affiliateId) return { status: "other" };
  if (change.confirmedAt || change.cancelledAt) return { status: "used" };
  if (change.expiresAt <= now) return { status: "expired" };
  return { status: "open", hint: change.hint };
}

/**
 * Follows the link: her details become the change's, once (the row is locked, so two clicks
 * at once confirm one), with its line in the access log.
 */
export async function confirmPayoutDetailsChange(
  db: Database,
  affiliateId: number,
  token: string,
  actor: Actor,
  now = new Date(),
): Promise<ChangeLookup["status"] | "confirmed"> {
  if (!token || token.length > 100) return "unknown";
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(affiliatePayoutDetailChanges)
      .where(eq(affiliatePayoutDetailChanges.tokenSha256, sha256(token)))
      .for("update");
    const found = lookup(change, affiliateId, now);
    if (found.status !== "open" || !change) return found.status;
    await tx
      .update(affiliatePayoutDetailChanges)
      .set({ confirmedAt: now })
      .where(eq(affiliatePayoutDetailChanges.id, change.id));
    const values = {
      method: change.method,
      detailsEncrypted: change.detailsEncrypted,
      hint: change.hint,
      updatedAt: now,
    };
    await tx
      .insert(affiliatePayoutDetails)
      .values({ affiliateId, ...values })
      .onConflictDoUpdate({ target: affiliatePayoutDetails.affiliateId, set: values });
    await recordAccess(tx, "affiliate.payout-details-changed", {
      actor,
      subject: `affiliate:${affiliateId}`,
      details: { method: change.method, hint: change.hint },
    });
    return "confirmed";
  });
}

/** Her details as stored, decrypted (her data export, the bank's file). */
export function decryptDetails(stored: string): PayoutDetails {
  return JSON.parse(decrypt(stored, getEncryptionKey().key)) as PayoutDetails;
}

/**
 * Her payout details and payouts for her data export: the details decrypted, as she gave them
 * (her own data, as the export gives her document number), each payout with the hint only.
 */
export async function payoutDataForExport(db: Reader, affiliateId: number) {
  const [row] = await db
    .select()
    .from(affiliatePayoutDetails)
    .where(eq(affiliatePayoutDetails.affiliateId, affiliateId));
  const payouts = await db
    .select({
      amountCents: affiliatePayouts.amountCents,
      to: affiliatePayouts.hint,
      state: affiliatePayoutBatches.state,
      paidAt: affiliatePayoutBatches.paidAt,
      reference: affiliatePayoutBatches.reference,
    })
    .from(affiliatePayouts)
    .innerJoin(affiliatePayoutBatches, eq(affiliatePayoutBatches.id, affiliatePayouts.batchId))
    .where(eq(affiliatePayouts.affiliateId, affiliateId))
    .orderBy(affiliatePayouts.id);
  return {
    payoutDetails: row
      ? { ...decryptDetails(row.detailsEncrypted), hint: row.hint, updatedAt: row.updatedAt }
      : null,
    payouts,
  };
}
