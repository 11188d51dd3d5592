import { sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { rateLimits } from "#app/db/schema.server.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt under `key` and says whether it is within `limit` per `windowSeconds`.
 * A fixed window kept in the database: one atomic upsert, so concurrent requests and several
 * app instances count together.
 */
export async function hitRateLimit(
  db: Pick<Database, "insert">,
  key: string,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
  const counted = await countAttempt(db, key, windowSeconds);
  return { allowed: counted.count <= limit, ...counted };
}

/**
 * Counts one attempt under `key` in a window of `windowSeconds` that starts with the first
 * attempt after the last window ended: the window's count (this one included) and the seconds
 * until it resets. Inside a transaction, the counter's row stays locked until it ends.
 */
export async function countAttempt(
  db: Pick<Database, "insert">,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await countAttemptQuery(db, key, windowSeconds);
  return row!;
}

/** countAttempt's upsert, unsent: a statement of its own, or a part of a larger one. */
export function countAttemptQuery(
  db: Pick<Database, "insert">,
  key: string,
  windowSeconds: number,
) {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  return db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterSeconds: sql<number>`greatest(0, ceil(extract(epoch from
        (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now()))))`.mapWith(
        Number,
      ),
    });
}

/**
 * Whether one more attempt under `key` would be within `limit`, without counting it: for a
 * counter moved only by some outcomes (a wrong password), checked before the attempt.
 */
export async function peekRateLimit(
  db: Pick<Database, "execute">,
  key: string,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
  const result = await db.execute(sql`
    select count,
      greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))
        as retry_after
    from ${rateLimits}
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`);
  const row = (
    result as unknown as { rows: { count: number | string; retry_after: number | string }[] }
  ).rows[0];
  const count = Number(row?.count ?? 0);
  return { allowed: count < limit, count, retryAfterSeconds: Number(row?.retry_after ?? 0) };
}

/**
 * The longest window of any limit is a day (a mailbox's confirmations, keyed by the day itself): a
 * counter older than a day counts for nothing.
 */
const EXPIRED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the counters that no longer count (the daily retention job runs it). Their keys name
 * client addresses and e-mail addresses, which are personal data, and a visitor rotating
 * addresses adds rows with every request: without this the table only ever grew. Keys starting
 * with one of `keptLonger`'s prefixes are kept for its days (the addresses an account signed in
 * from, app/auth/limits.server.ts). Returns how many rows went.
 */
export async function pruneRateLimits(
  db: Pick<Database, "execute">,
  now: Date,
  keptLonger: { prefix: string; days: number }[] = [],
): Promise<number> {
  const expired = new Date(now.getTime() - EXPIRED_AFTER_MS);
  let deleted = 0;
  // node-postgres says rowCount, PGlite affectedRows.
  const count = (result: unknown) => {
    const { rowCount, affectedRows } = result as { rowCount?: number; affectedRows?: number };
    return Number(rowCount ?? affectedRows ?? 0);
  };
  const ordinary = keptLonger.length
    ? sql.join(
        keptLonger.map(({ prefix }) => sql`${rateLimits.key} not like ${`${prefix}%`}`),
        sql` and `,
      )
    : sql`true`;
  deleted += count(
    await db.execute(
      sql`delete from ${rateLimits} where ${rateLimits.windowStart} < ${expired} and ${ordinary}`,
    ),
  );
  for (const { prefix, days } of keptLonger) {
    const cutoff = new Date(now.getTime() - days * EXPIRED_AFTER_MS);
    deleted += count(
      await db.execute(
        sql`delete from ${rateLimits}
          where ${rateLimits.key} like ${`${prefix}%`} and ${rateLimits.windowStart} < ${cutoff}`,
      ),
    );
  }
  return deleted;
}
