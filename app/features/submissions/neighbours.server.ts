import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { submissions, type SubmissionStatus } from "#app/db/schema.server.ts";
import { detailHref, listHref, type ReviewContext } from "./review-context.ts";
import type { ReviewSort } from "./review-filter.ts";
import { reviewListQuery } from "./review-list.server.ts";

export interface Neighbour {
  id: number;
  href: string;
  /** Empty once her data was erased: the page says so in its own words. */
  fullName: string;
  status: SubmissionStatus;
}

export interface Neighbours {
  previous: Neighbour | null;
  next: Neighbour | null;
  /** The list they belong to, with its filters. */
  list: string;
}

/**
 * The applications before and after this one in the list she was opened from, in its order and
 * with its filters: the same keyset query as the list's pages, one row in each direction from
 * this application's position (the previous one is the next in the opposite order). Positions,
 * not membership: an application just decided has left the pending list, and its neighbours
 * there are still the ones around where it was.
 */
export async function applicationNeighbours(
  db: Database,
  id: number,
  context: ReviewContext,
): Promise<Neighbours> {
  const list = listHref(context);
  // PostgreSQL's own text of the timestamp: a Date would round away its microseconds.
  const [here] = await db
    .select({ createdAt: sql<string>`${submissions.createdAt}::text` })
    .from(submissions)
    .where(eq(submissions.id, id));
  if (!here) return { previous: null, next: null, list };
  const filter = { ...context.filter, status: context.list.status, before: { ...here, id } };
  const opposite: ReviewSort = filter.sort === "oldest" ? "newest" : "oldest";
  const [next, previous] = await Promise.all(
    [filter.sort, opposite].map(async (sort) => {
      const [row] = await reviewListQuery(db, { ...filter, sort }, 1);
      return row
        ? {
            id: row.id,
            href: detailHref(row.id, context),
            fullName: row.fullName,
            status: row.status,
          }
        : null;
    }),
  );
  return { previous: previous ?? null, next: next ?? null, list };
}
