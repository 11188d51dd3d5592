import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";
import {
  affiliateEntries,
  modelContracts,
  statementLines,
  statements,
  submissions,
} from "#app/db/schema.server.ts";
import { statementTotals } from "#app/features/statements/money.ts";
import { payableAfterHold, referralFields, selfReferralSignals } from "./commissions.server.ts";
import { effectiveRule } from "./rules.server.ts";

/**
 * The share of a referred model's published statement her affiliate earns (decision record
 * 057): the rule's percentage of the agency's share, for the months from her contract's first
 * to the rule's last. Called in the transaction that publishes the statement, and in each that
 * corrects it: what is owed now against what was credited, the difference a new revision, so a
 * published entry is never edited and a repeated call credits nothing more.
 */
export async function creditStatement(tx: Transaction, statementId: number, now = new Date()) {
  const [statement] = await tx
    .select({
      submissionId: statements.submissionId,
      month: statements.month,
      state: statements.state,
      agencyShareBasisPoints: statements.agencyShareBasisPoints,
      affiliateId: submissions.affiliateId,
    })
    .from(statements)
    .innerJoin(submissions, eq(submissions.id, statements.submissionId))
    .where(eq(statements.id, statementId));
  if (!statement?.affiliateId || statement.state !== "published") return null;
  if (statement.agencyShareBasisPoints === null) return null;
  const credited = await tx
    .select({
      amountCents: affiliateEntries.amountCents,
      revision: affiliateEntries.statementRevision,
      shareBasisPoints: affiliateEntries.shareBasisPoints,
      voided: sql<boolean>`${affiliateEntries.voidedAt} is not null`,
    })
    .from(affiliateEntries)
    .where(
      and(eq(affiliateEntries.statementId, statementId), eq(affiliateEntries.origin, "statement")),
    )
    .orderBy(asc(affiliateEntries.statementRevision));
  // The percentage of the first entry holds for its corrections: a rule changed since does not
  // reprice a month already credited.
  const first = credited[0];
  let basisPoints = first?.shareBasisPoints ?? null;
  if (basisPoints === null) {
    const rule = await effectiveRule(tx, statement.affiliateId);
    if (!rule.shareBasisPoints || !rule.shareMonths) return null;
    if (!(await withinFirstMonths(tx, statement.submissionId, statement.month, rule.shareMonths)))
      return null;
    basisPoints = rule.shareBasisPoints;
  }
  const lines = await tx
    .select({ grossCents: statementLines.grossCents })
    .from(statementLines)
    .where(eq(statementLines.statementId, statementId));
  const agencyCents = statementTotals(lines, statement.agencyShareBasisPoints).agencyCents;
  // The same rounding as the agency's share (half away from zero, in integers).
  const owed = statementTotals([{ grossCents: agencyCents }], basisPoints).agencyCents;
  const paid = credited
    .filter((entry) => !entry.voided)
    .reduce((sum, entry) => sum + entry.amountCents, 0);
  const difference = owed - paid;
  if (difference === 0) return null;
  const revision =
    credited.length === 0 ? 0 : Math.max(...credited.map((e) => e.revision ?? 0)) + 1;
  const referral = await referralFields(tx, statement.submissionId);
  const [entry] = await tx
    .insert(affiliateEntries)
    .values({
      affiliateId: statement.affiliateId,
      origin: "statement",
      submissionId: statement.submissionId,
      statementId,
      statementRevision: revision,
      shareBasisPoints: basisPoints,
      amountCents: difference,
      occurredOn: now.toISOString().slice(0, 10),
      payableAt: await payableAfterHold(tx, now),
      riskSignals: referral
        ? await selfReferralSignals(tx, { ...referral, affiliateId: statement.affiliateId })
        : null,
    })
    .onConflictDoNothing()
    .returning({ id: affiliateEntries.id, amountCents: affiliateEntries.amountCents });
  return entry ?? null;
}

/** Whether a statement's month is one of her first `months`, counted from her contract's start. */
async function withinFirstMonths(
  tx: Transaction,
  submissionId: number,
  month: string,
  months: number,
) {
  const [contract] = await tx
    .select({ startsOn: modelContracts.startsOn })
    .from(modelContracts)
    .where(
      and(
        eq(modelContracts.submissionId, submissionId),
        inArray(modelContracts.state, ["signed", "countersigned"]),
      ),
    )
    .orderBy(asc(modelContracts.startsOn))
    .limit(1);
  if (!contract) return false;
  const index = monthIndex(month) - monthIndex(contract.startsOn);
  return index >= 0 && index < months;
}

/** "2026-10-01" → a count of months, to subtract one month from another. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
