import { eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { submissionRatings, submissions, submissionTags } from "#app/db/schema.server.ts";
import { WAITING_DAYS, type TeamFilter } from "./team-filter.ts";

export type TeamScope = TeamFilter;

/**
 * The team filters' conditions for reviewListScope, each on an index of schema.server.ts: the
 * owner on (owner_id, created_at, id), a tag through (tag_id, submission_id), waiting on
 * (status, created_at). The least average reads the ratings table, which only holds what
 * reviewers rated (a few per application reviewed, never one per row of the list).
 */
export function teamConditions(scope: TeamScope): SQL[] {
  const conditions: SQL[] = [];
  if (scope.owner === "me") {
    conditions.push(scope.viewerId ? eq(submissions.ownerId, scope.viewerId) : sql`false`);
  }
  if (scope.owner === "none") conditions.push(isNull(submissions.ownerId));
  if (scope.tagId) {
    conditions.push(
      sql`${submissions.id} in (select ${submissionTags.submissionId} from ${submissionTags} where ${submissionTags.tagId} = ${scope.tagId})`,
    );
  }
  if (scope.minRating) {
    conditions.push(
      sql`${submissions.id} in (select ${submissionRatings.submissionId} from ${submissionRatings} group by ${submissionRatings.submissionId} having avg(${submissionRatings.stars}) >= ${scope.minRating})`,
    );
  }
  if (scope.referred) conditions.push(isNotNull(submissions.affiliateId));
  if (scope.waiting) {
    conditions.push(eq(submissions.status, "Pendente"));
    conditions.push(
      sql`${submissions.createdAt} < now() - ${sql.raw(`interval '${WAITING_DAYS} days'`)}`,
    );
  }
  return conditions;
}
