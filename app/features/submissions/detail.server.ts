import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import {
  affiliates,
  rejectionReasons,
  submissions,
  submissionStatusHistory,
  user,
} from "#app/db/schema.server.ts";

/**
 * An application as its reviewer sees it: her answers (the document by its last digits only:
 * the full number is revealed on request, and logged, by reveal.server.ts), its history newest
 * first with who decided, her other applications with the same address, and the affiliate whose
 * own link she used, if she did. Null when there is no such application.
 */
export async function applicationDetail(db: Database, id: number) {
  const [found] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!found) return null;
  const { documentEncrypted: _encrypted, ...application } = found;
  const [history, duplicates, selfReferral] = await Promise.all([
    db
      .select({
        createdAt: submissionStatusHistory.createdAt,
        fromStatus: submissionStatusHistory.fromStatus,
        toStatus: submissionStatusHistory.toStatus,
        note: submissionStatusHistory.note,
        by: user.name,
        // A rejection's reason by its label; a decision its decider took back stays, marked.
        reason: rejectionReasons.label,
        undoneAt: submissionStatusHistory.undoneAt,
      })
      .from(submissionStatusHistory)
      .leftJoin(user, eq(user.id, submissionStatusHistory.changedBy))
      .leftJoin(rejectionReasons, eq(rejectionReasons.id, submissionStatusHistory.reasonId))
      .where(eq(submissionStatusHistory.submissionId, id))
      .orderBy(desc(submissionStatusHistory.createdAt)),
    db
      .select({ id: submissions.id, createdAt: submissions.createdAt, status: submissions.status })
      .from(submissions)
      .where(
        and(eq(submissions.emailNormalized, application.emailNormalized), ne(submissions.id, id)),
      )
      .orderBy(desc(submissions.createdAt))
      .limit(20),
    // She used her own affiliate link: not attributed, and the reviewer is told whose.
    application.selfReferralAffiliateId
      ? db
          .select({ id: affiliates.id, name: user.name, code: affiliates.referralCode })
          .from(affiliates)
          .innerJoin(user, eq(user.id, affiliates.userId))
          .where(eq(affiliates.id, application.selfReferralAffiliateId))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  return { application, history, duplicates, selfReferral };
}

export type ApplicationDetail = NonNullable<Awaited<ReturnType<typeof applicationDetail>>>;
