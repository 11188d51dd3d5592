import { eq, gte, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { submissions, submissionTags } from "#app/db/schema.server.ts";
import { WAITING_DAYS, type TeamFilter } from "./team-filter.ts";

export type TeamScope = TeamFilter;

/**
 * The team filters' conditions for reviewListScope, each on an index of schema.server.ts: the
 * owner on (owner_id, created_at, id), a tag through (tag_id, submission_id), waiting on
 * (status, created_at), the least average on (rating_average, created_at, id), a column a
 * trigger keeps (migration 0024_rating_average_follows).
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
  if (scope.minRating) conditions.push(gte(submissions.ratingAverage, scope.minRating));
  if (scope.referred) conditions.push(isNotNull(submissions.affiliateId));
  if (scope.waiting) {
    conditions.push(eq(submissions.status, "Pendente"));
    conditions.push(
      sql`${submissions.createdAt} < now() - ${sql.raw(`interval '${WAITING_DAYS} days'`)}`,
    );
  }
  return conditions;
}
