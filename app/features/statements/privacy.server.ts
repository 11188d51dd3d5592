import { inArray, sql } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import { statementLines, statements } from "#app/db/schema.server.ts";
import type { Writer } from "#app/features/privacy/erasure.server.ts";
import { publishedStatementsOf } from "./statements.server.ts";

/*
 * Her statements and her privacy rights (issue 30, decision 056).
 */

/**
 * Her published statements for her export, by application: each month's lines (corrections with
 * their reasons), the agency's percentage, the figures and the payout, as she sees them. Drafts
 * are the staff's work in progress and not yet hers; who on the staff wrote a line is not hers.
 */
export async function statementsForExport(db: Reader, submissionIds: number[]) {
  const found = new Map<number, unknown[]>();
  for (const statement of await publishedStatementsOf(db, submissionIds)) {
    const list = found.get(statement.submissionId) ?? [];
    list.push({
      month: statement.month.slice(0, 7),
      agencySharePercent: statement.basisPoints / 100,
      publishedAt: statement.publishedAt,
      lines: statement.lines.map(({ kind, platform, grossCents, reason, createdAt }) => ({
        kind,
        platform,
        grossCents,
        reason,
        at: createdAt,
      })),
      grossCents: statement.totals.grossCents,
      agencyShareCents: statement.totals.agencyCents,
      netCents: statement.totals.netCents,
      payout: {
        state: statement.payoutState,
        paidOn: statement.paidOn,
        paidCents: statement.paidCents,
        reference: statement.payoutReference,
      },
    });
    found.set(statement.submissionId, list);
  }
  return found;
}

/**
 * Erasure keeps her statements' amounts: they are the agency's accounting records, which
 * Brazilian law requires it to keep (Código Civil art. 1.194; CTN art. 195: five years at
 * least), and LGPD art. 16 I lets a controller keep data for a legal obligation. What names her
 * goes: the application's name and address are blanked by eraseApplications, so the amounts
 * stay attached to an anonymous application; the correction reasons and the bank's payout
 * reference (staff's free text, which may name her or her account) are replaced by a dash. A
 * draft, never published, is no record of a payment and goes whole.
 */
export async function eraseStatements(tx: Writer, submissionIds: number[]) {
  if (submissionIds.length === 0) return;
  await tx
    .delete(statements)
    .where(
      sql`${inArray(statements.submissionId, submissionIds)} and ${statements.state} = 'draft'`,
    );
  const kept = tx
    .select({ id: statements.id })
    .from(statements)
    .where(inArray(statements.submissionId, submissionIds));
  await tx
    .update(statementLines)
    .set({ reason: "—" })
    .where(
      sql`${inArray(statementLines.statementId, kept)} and ${statementLines.kind} = 'correction'`,
    );
  await tx
    .update(statements)
    .set({
      payoutReference: sql`case when ${statements.payoutReference} is null then null else '—' end`,
    })
    .where(inArray(statements.submissionId, submissionIds));
}
