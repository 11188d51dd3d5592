import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import {
  affiliateEntries,
  referralMilestoneEvents,
  accessLog,
  submissionNotes,
  submissionPhotos,
  submissionRatings,
  submissionOnboardingSteps,
  onboardingEvents,
  welcomeCalls,
  modelContracts,
  statements,
  identityChecks,
  submissionTags,
  submissions,
  submissionStatusHistory,
  user,
} from "#app/db/schema.server.ts";

/**
 * Duplicate applications (product.md section 3: the same e-mail is flagged, not refused) and
 * their merge (issue 28): an admin keeps one of two applications of the same address; the
 * other's rows move to it and the other is deleted, in one transaction, recorded in the access
 * log. Erased applications have an address of their own (`erased:<id>`), so they are nobody's
 * duplicate. The same phone is not looked for: no index serves it (decision 046).
 */

/** Of these applications, the ones another application shares an address with. */
export async function withDuplicates(db: Reader, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        inArray(submissions.id, [...ids]),
        // "submissions" inside names the outer row: the inner one is aliased.
        sql`exists (select 1 from ${submissions} as other where other.email_normalized = ${submissions.emailNormalized} and other.id <> ${submissions.id})`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Every table whose rows belong to an application (a `submission_id` that references it): a
 * merge moves their rows to the application kept. Adding such a table is one line here; a test
 * fails while a foreign key to submissions is missing from the list.
 *
 * `unique`: the columns that, with submission_id, may appear once per application (a rating per
 * reviewer, a tag once): where both applications have such a row, the kept one's stays and the
 * other's is dropped.
 */
interface ChildTable {
  table: PgTable;
  submissionId: PgColumn;
  unique?: PgColumn[];
}

export const submissionChildTables: ChildTable[] = [
  { table: submissionStatusHistory, submissionId: submissionStatusHistory.submissionId },
  { table: submissionNotes, submissionId: submissionNotes.submissionId },
  // Her photos follow her (a merge may leave more than five on one record: none is lost).
  { table: submissionPhotos, submissionId: submissionPhotos.submissionId },
  // One tag once and one rating per reviewer: the kept record's own win.
  {
    table: submissionTags,
    submissionId: submissionTags.submissionId,
    unique: [submissionTags.tagId],
  },
  {
    table: submissionRatings,
    submissionId: submissionRatings.submissionId,
    unique: [submissionRatings.userId],
  },
  // Her onboarding (issue 29): one row per step, the kept record's own win; its history follows.
  {
    table: submissionOnboardingSteps,
    submissionId: submissionOnboardingSteps.submissionId,
    unique: [submissionOnboardingSteps.stepId],
  },
  { table: onboardingEvents, submissionId: onboardingEvents.submissionId },
  // Her welcome calls: she holds one booked call at most, so where both records have one in the
  // same state the kept record's stands.
  { table: welcomeCalls, submissionId: welcomeCalls.submissionId, unique: [welcomeCalls.state] },
  // Her contracts (issue 30) follow her whole: a signed one is never dropped. (Two open offers,
  // one on each record, would break "one open offer": withdraw one before merging.)
  { table: modelContracts, submissionId: modelContracts.submissionId },
  // Her monthly statements (issue 30), one per month: where both records have one for the same
  // month (two contracts for one woman: not how the agency works), the kept record's stands.
  { table: statements, submissionId: statements.submissionId, unique: [statements.month] },
  // Her identity checks (issue 30) and, with them, their photos: every record follows her.
  { table: identityChecks, submissionId: identityChecks.submissionId },
  // Her affiliate's milestones (issue 31), once each: the kept record's stand. The entries they
  // paid follow her whole, so no money is lost; one counted on both records is settled first
  // (settleMilestonesCountedTwice).
  {
    table: referralMilestoneEvents,
    submissionId: referralMilestoneEvents.submissionId,
    unique: [referralMilestoneEvents.milestone],
  },
  { table: affiliateEntries, submissionId: affiliateEntries.submissionId },
];

/**
 * Her answers a merge may fill in on the application kept, where it has none: each group is
 * taken whole from the other or not at all (a document's cipher with its digits; a referral
 * code with what it resolved to), so no record mixes halves of two answers.
 */
const fillable = [
  ["age"],
  ["dateOfBirth"],
  ["whatsapp"],
  ["phone"],
  ["instagram"],
  ["experience"],
  ["message"],
  ["country"],
  ["city"],
  ["documentEncrypted", "documentLastDigits"],
  ["referralCode", "affiliateId", "selfReferralAffiliateId"],
  ["ownerId"],
] as const satisfies readonly (readonly (keyof typeof submissions.$inferSelect)[])[];

type Row = typeof submissions.$inferSelect;
const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

export type MergeOutcome =
  | { outcome: "merged"; filled: string[]; moved: Record<string, number> }
  | { outcome: "missing" | "same" | "not-duplicates" | "erased" | "paid-twice" };

/**
 * Both records approved through one affiliate each paid her for the same milestone: one woman,
 * one entry. The one a payout already took stands and the other is voided ("merged-duplicate");
 * where neither is in a payout, the kept record's stands. Where both were paid, the affiliate
 * was paid twice: nothing is voided (that would hide money paid out) and the merge is refused
 * until an admin records the correction. Returns false then.
 */
async function settleMilestonesCountedTwice(tx: Transaction, keep: number, merge: number) {
  const pairs = await tx.execute(sql`
    select gone.id as gone_id, gone.payout_id as gone_payout, kept.id as kept_id,
      kept.payout_id as kept_payout
    from affiliate_entries gone
    join affiliate_entries kept on kept.milestone = gone.milestone
      and kept.submission_id = ${keep} and kept.origin = 'milestone' and kept.voided_at is null
    where gone.submission_id = ${merge} and gone.origin = 'milestone' and gone.voided_at is null
    for update of gone, kept`);
  const rows = (pairs as unknown as { rows: Record<string, unknown>[] }).rows;
  if (rows.some((row) => row.gone_payout !== null && row.kept_payout !== null)) return false;
  const voided = rows.map((row) => Number(row.gone_payout === null ? row.gone_id : row.kept_id));
  if (voided.length > 0) {
    await tx
      .update(affiliateEntries)
      .set({ voidedAt: sql`now()`, voidReason: "merged-duplicate" })
      .where(inArray(affiliateEntries.id, voided));
  }
  return true;
}

/**
 * Merges application `merge` into application `keep`: the rows of every child table move to
 * `keep`, its empty answers are filled from `merge`'s, `merge` is deleted, and the access log
 * says who merged what (the kept application's history shows it from there). Both rows are
 * locked, in the order of their ids, so two merges of the same pair cannot cross.
 */
export async function mergeApplications(
  db: Database,
  { keep, merge, actor }: { keep: number; merge: number; actor: Actor },
): Promise<MergeOutcome> {
  if (keep === merge) return { outcome: "same" };
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(submissions)
      .where(inArray(submissions.id, [keep, merge]))
      .orderBy(submissions.id)
      .for("update");
    const kept = rows.find((row) => row.id === keep);
    const other = rows.find((row) => row.id === merge);
    if (!kept || !other) return { outcome: "missing" };
    if (kept.erasedAt || other.erasedAt) return { outcome: "erased" };
    if (kept.emailNormalized !== other.emailNormalized) return { outcome: "not-duplicates" };

    if (!(await settleMilestonesCountedTwice(tx, keep, merge))) return { outcome: "paid-twice" };
    const moved: Record<string, number> = {};
    for (const child of submissionChildTables) {
      const name = getTableConfig(child.table).name;
      const column = sql.identifier(child.submissionId.name);
      if (child.unique?.length) {
        const same = sql.join(
          child.unique.map(
            (c) => sql`kept.${sql.identifier(c.name)} = gone.${sql.identifier(c.name)}`,
          ),
          sql` and `,
        );
        await tx.execute(
          sql`delete from ${sql.identifier(name)} as gone using ${sql.identifier(name)} as kept
              where gone.${column} = ${merge} and kept.${column} = ${keep} and ${same}`,
        );
      }
      const updated = await tx.execute(
        sql`update ${sql.identifier(name)} set ${column} = ${keep} where ${column} = ${merge} returning 1`,
      );
      moved[name] = (updated as unknown as { rows: unknown[] }).rows.length;
    }

    const fill: Partial<Row> = {};
    const filled: string[] = [];
    for (const group of fillable) {
      if (group.every((field) => isEmpty(kept[field])) && group.some((f) => !isEmpty(other[f]))) {
        for (const field of group) Object.assign(fill, { [field]: other[field] });
        filled.push(...group);
      }
    }
    await tx
      .update(submissions)
      .set({ ...fill, updatedAt: sql`now()` })
      .where(eq(submissions.id, keep));
    await tx.delete(submissions).where(eq(submissions.id, merge));
    await recordAccess(tx, "submission.merge", {
      actor,
      subject: `submission:${keep}`,
      details: { merged: merge, mergedCreatedAt: other.createdAt.toISOString(), filled },
    });
    return { outcome: "merged", filled, moved };
  });
}

/** The merges into an application, newest first, for its history: when, by whom, which one. */
export async function mergesInto(db: Reader, id: number) {
  const rows = await db
    .select({ createdAt: accessLog.createdAt, by: user.name, details: accessLog.details })
    .from(accessLog)
    .leftJoin(user, eq(user.id, accessLog.actorId))
    .where(and(eq(accessLog.action, "submission.merge"), eq(accessLog.subject, `submission:${id}`)))
    .orderBy(desc(accessLog.createdAt))
    .limit(20);
  return rows.map((row) => ({
    createdAt: row.createdAt,
    by: row.by,
    merged: Number(row.details?.merged) || null,
    mergedCreatedAt:
      typeof row.details?.mergedCreatedAt === "string" ? row.details.mergedCreatedAt : null,
  }));
}
