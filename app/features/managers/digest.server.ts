import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { accessLog, submissions } from "#app/db/schema.server.ts";

/** At most this many applications are named in a digest. */
const LISTED = 20;

/**
 * The applications a reviewer who reads her digest once a day was made the talent manager of
 * since her last digest, by someone else (issue 29), read from the access log, where each
 * assignment is written with her id; only those she still manages. The digest
 * (staff-alerts/alerts.server.ts) names them by first name and initial, as it does mentions.
 */
export async function managedSince(
  db: Pick<Database, "selectDistinctOn">,
  { userId, since, now }: { userId: string; since: Date; now: Date },
): Promise<{ id: number; fullName: string }[]> {
  return db
    .selectDistinctOn([submissions.id], { id: submissions.id, fullName: submissions.fullName })
    .from(accessLog)
    .innerJoin(submissions, sql`${accessLog.subject} = 'submission:' || ${submissions.id}::text`)
    .where(
      and(
        eq(accessLog.action, "submission.manager"),
        gt(accessLog.createdAt, since),
        lte(accessLog.createdAt, now),
        sql`${accessLog.details}->>'managerId' = ${userId}`,
        sql`${accessLog.actorId} is distinct from ${userId}`,
        eq(submissions.managerId, userId),
      ),
    )
    .orderBy(asc(submissions.id))
    .limit(LISTED);
}
