import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";
import type { ReferralMilestone, SelfReferralSignal } from "#app/db/affiliate-program-states.ts";
import {
  affiliateEntries,
  affiliates,
  outbox,
  referralMilestoneEvents,
  session,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { addressHash } from "./address-hash.server.ts";
import { mailboxOf, phoneDigits } from "./affiliates.server.ts";
import { programSettings } from "./entry-state.server.ts";
import { tellMilestone } from "./milestone-mail.server.ts";
import { effectiveRule } from "./rules.server.ts";

/*
 * The engine of the affiliate program (decision record 057): the events of a referral (her
 * approval, her signature, her launch) reached once each, inside the transaction of the event
 * itself, so the entry and the affiliate's mail exist if and only if the event does.
 */

const DAY_MS = 86_400_000;

/** When an entry made now stops being pending: now plus the program's hold days. */
export async function payableAfterHold(tx: Transaction, now: Date) {
  const { holdDays } = await programSettings(tx);
  return new Date(now.getTime() + holdDays * DAY_MS);
}

/** What the engine reads of a referred application (not erased): who she is, for the signals. */
export async function referralFields(tx: Transaction, submissionId: number) {
  const [row] = await tx
    .select({
      id: submissions.id,
      affiliateId: submissions.affiliateId,
      fullName: submissions.fullName,
      email: submissions.email,
      phone: submissions.phone,
      whatsapp: submissions.whatsapp,
      documentLastDigits: submissions.documentLastDigits,
      sourceAddressHash: submissions.sourceAddressHash,
    })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), isNull(submissions.erasedAt)));
  return row;
}

/** The referral's fields the engine needs, or null when no affiliate referred her. */
async function referralOf(tx: Transaction, submissionId: number) {
  const row = await referralFields(tx, submissionId);
  return row?.affiliateId ? { ...row, affiliateId: row.affiliateId } : null;
}

type Referral = NonNullable<Awaited<ReturnType<typeof referralOf>>>;

/**
 * What the referral shares with her affiliate, when she may be the affiliate herself: the
 * affiliate's account e-mail (as a mailbox) or WhatsApp, the phone or document digits of an
 * application the affiliate made with her own e-mail, or the network address the affiliate
 * signs in from (compared as keyed hashes). Null when nothing: the entry is credited.
 */
export async function selfReferralSignals(
  tx: Transaction,
  referral: Referral,
): Promise<SelfReferralSignal[] | null> {
  const [owner] = await tx
    .select({ id: user.id, email: user.email, whatsapp: user.whatsapp })
    .from(affiliates)
    .innerJoin(user, eq(user.id, affiliates.userId))
    .where(eq(affiliates.id, referral.affiliateId));
  if (!owner) return null;
  const [ownApplications, sessions] = await Promise.all([
    tx
      .select({
        phone: submissions.phone,
        whatsapp: submissions.whatsapp,
        documentLastDigits: submissions.documentLastDigits,
      })
      .from(submissions)
      .where(
        and(
          eq(submissions.emailNormalized, owner.email.toLowerCase()),
          ne(submissions.id, referral.id),
        ),
      ),
    tx.select({ ipAddress: session.ipAddress }).from(session).where(eq(session.userId, owner.id)),
  ]);
  const ownPhones = new Set(
    [owner.whatsapp, ...ownApplications.flatMap((row) => [row.phone, row.whatsapp])]
      .map(phoneDigits)
      .filter((digits): digits is string => digits !== null),
  );
  const ownDocuments = new Set(
    ownApplications.map((row) => row.documentLastDigits).filter((digits) => digits),
  );
  const signals: SelfReferralSignal[] = [];
  if (referral.email && mailboxOf(referral.email) === mailboxOf(owner.email)) signals.push("email");
  if ([referral.phone, referral.whatsapp].some((phone) => ownPhones.has(phoneDigits(phone) ?? "")))
    signals.push("phone");
  if (referral.documentLastDigits && ownDocuments.has(referral.documentLastDigits))
    signals.push("document");
  if (
    referral.sourceAddressHash &&
    sessions.some((row) => addressHash(row.ipAddress) === referral.sourceAddressHash)
  )
    signals.push("address");
  return signals.length > 0 ? signals : null;
}

export type MilestoneOutcome = "reached" | "already" | "not-referred";

/**
 * A referral reached a milestone: called inside the event's own transaction. The first time (or
 * again after it was undone) it records the event, creates her affiliate's entry when the rule in
 * force for that affiliate pays this milestone (pending until the hold ends, held for review when
 * it may be a self-referral), and queues the affiliate's mail. A retried event, or the same event
 * seen by two instances at once, finds the row and does nothing: the primary key decides.
 */
export async function reachMilestone(
  tx: Transaction,
  input: { submissionId: number; milestone: ReferralMilestone; now?: Date },
): Promise<MilestoneOutcome> {
  const now = input.now ?? new Date();
  const referral = await referralOf(tx, input.submissionId);
  if (!referral) return "not-referred";
  const [event] = await tx
    .insert(referralMilestoneEvents)
    .values({
      submissionId: referral.id,
      milestone: input.milestone,
      affiliateId: referral.affiliateId,
      reachedAt: now,
    })
    .onConflictDoUpdate({
      target: [referralMilestoneEvents.submissionId, referralMilestoneEvents.milestone],
      set: { reachedAt: now, undoneAt: null, mailId: null },
      setWhere: sql`${referralMilestoneEvents.undoneAt} is not null`,
    })
    .returning({ submissionId: referralMilestoneEvents.submissionId });
  if (!event) return "already";
  const rule = await effectiveRule(tx, referral.affiliateId);
  if (rule.milestone === input.milestone && rule.fixedCents) {
    // The partial unique index is the second lock: an entry still standing from before an undo
    // that came too late to void it is not paid twice.
    await tx
      .insert(affiliateEntries)
      .values({
        affiliateId: referral.affiliateId,
        origin: "milestone",
        submissionId: referral.id,
        milestone: input.milestone,
        amountCents: rule.fixedCents,
        occurredOn: now.toISOString().slice(0, 10),
        payableAt: await payableAfterHold(tx, now),
        riskSignals: await selfReferralSignals(tx, referral),
      })
      .onConflictDoNothing();
  }
  const mailId = await tellMilestone(tx, {
    affiliateId: referral.affiliateId,
    referralName: referral.fullName,
    milestone: input.milestone,
  });
  if (mailId !== null) {
    await tx
      .update(referralMilestoneEvents)
      .set({ mailId })
      .where(
        and(
          eq(referralMilestoneEvents.submissionId, referral.id),
          eq(referralMilestoneEvents.milestone, input.milestone),
        ),
      );
  }
  return "reached";
}

/** Why the system voided an entry: a reason code her portal words in her language. */
export type UndoReason = "reopened" | "decision-undone" | "step-reopened";

/**
 * A milestone no longer stands (her application reopened, or its approval taken back within the
 * minute): the event is marked undone, its mail withdrawn if no sender took it yet, and its entry
 * voided with the reason, but only while the hold lasts and before any payout took it: after
 * that the affiliate was told it is hers, and an admin corrects by hand if he must.
 */
export async function undoMilestone(
  tx: Transaction,
  input: {
    submissionId: number;
    milestone: ReferralMilestone;
    reason: UndoReason;
    now?: Date;
  },
) {
  const now = input.now ?? new Date();
  const undone = await tx
    .update(referralMilestoneEvents)
    .set({ undoneAt: now })
    .where(
      and(
        eq(referralMilestoneEvents.submissionId, input.submissionId),
        eq(referralMilestoneEvents.milestone, input.milestone),
        isNull(referralMilestoneEvents.undoneAt),
      ),
    )
    .returning({ mailId: referralMilestoneEvents.mailId });
  if (undone.length === 0) return;
  const mailIds = undone.map((row) => row.mailId).filter((id): id is number => id !== null);
  if (mailIds.length > 0) {
    // As a decision's own mail (undo.server.ts): only one no sender has claimed.
    await tx
      .delete(outbox)
      .where(
        and(
          inArray(outbox.id, mailIds),
          eq(outbox.status, "queued"),
          eq(outbox.attempts, 0),
          isNull(outbox.lockedUntil),
        ),
      );
  }
  await tx
    .update(affiliateEntries)
    .set({ voidedAt: now, voidReason: input.reason })
    .where(
      and(
        eq(affiliateEntries.submissionId, input.submissionId),
        eq(affiliateEntries.origin, "milestone"),
        eq(affiliateEntries.milestone, input.milestone),
        isNull(affiliateEntries.voidedAt),
        isNull(affiliateEntries.payoutId),
        gt(affiliateEntries.payableAt, now),
      ),
    );
}
