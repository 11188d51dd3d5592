import { and, asc, count, eq, gte, lt } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { submissions, submissionStatusCounts, submissionStatuses } from "#app/db/schema.server.ts";
import { listSubmissions } from "./review-list.server.ts";

/** How many of the applications waiting too long the dashboard names; the rest it counts. */
const WAITING_LISTED = 5;

/**
 * The back office's dashboard (product.md section 5): how many applications in each status, how
 * many arrived this week, the one waiting longest, and the latest ones. Each figure is one
 * indexed query, or a read of the counts the database keeps per status.
 */
export async function dashboardStats(
  db: Database,
  { now = new Date(), waitingDays = 5 }: { now?: Date; waitingDays?: number } = {},
) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const waitingSince = new Date(now.getTime() - waitingDays * 24 * 60 * 60 * 1000);
  const waitingTooLong = and(
    eq(submissions.status, "Pendente"),
    lt(submissions.createdAt, waitingSince),
  );
  const [byStatus, [week], [oldest], latest, waitingRows, [recentPending]] = await Promise.all([
    // Kept by triggers (migration 0005): exact, without counting the table.
    db
      .select({ status: submissionStatusCounts.status, total: submissionStatusCounts.count })
      .from(submissionStatusCounts),
    db.select({ total: count() }).from(submissions).where(gte(submissions.createdAt, weekAgo)),
    db
      .select({
        id: submissions.id,
        fullName: submissions.fullName,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .where(eq(submissions.status, "Pendente"))
      .orderBy(asc(submissions.createdAt), asc(submissions.id))
      .limit(1),
    listSubmissions(db, { limit: 8 }),
    // The ones waiting longer than the agency's threshold (set in /admin/email), oldest first.
    db
      .select({
        id: submissions.id,
        fullName: submissions.fullName,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .where(waitingTooLong)
      .orderBy(asc(submissions.createdAt), asc(submissions.id))
      .limit(WAITING_LISTED),
    // How many wait too long is the pending count less the recent ones: at a million rows a third
    // may be pending, and counting those took 170 ms, while the recent few are an index range.
    db
      .select({ total: count() })
      .from(submissions)
      .where(and(eq(submissions.status, "Pendente"), gte(submissions.createdAt, waitingSince))),
  ]);
  const counts = Object.fromEntries(submissionStatuses.map((status) => [status, 0])) as Record<
    (typeof submissionStatuses)[number],
    number
  >;
  for (const row of byStatus) {
    if (row.status in counts) counts[row.status as keyof typeof counts] = Number(row.total);
  }
  return {
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    newThisWeek: Number(week?.total ?? 0),
    oldestPending: oldest
      ? {
          ...oldest,
          waitingDays: Math.floor((now.getTime() - oldest.createdAt.getTime()) / 86_400_000),
        }
      : null,
    latest: latest.rows,
    waiting: {
      days: waitingDays,
      // Two reads a moment apart: never below none.
      total: Math.max(0, counts.Pendente - Number(recentPending?.total ?? 0)),
      oldest: waitingRows.map((row) => ({
        ...row,
        waitingDays: Math.floor((now.getTime() - row.createdAt.getTime()) / 86_400_000),
      })),
    },
  };
}
