import { sql } from "drizzle-orm";
import type { Database } from "../db/db.server.ts";
import { rateLimits } from "../db/schema.server.ts";

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
  db: Pick<Database, "execute">,
  key: string,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})
        then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})
        then now() else ${rateLimits.windowStart} end
    returning count,
      greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))
        as retry_after`);
  const row = (
    result as unknown as { rows: { count: number | string; retry_after: number | string }[] }
  ).rows[0]!;
  const count = Number(row.count);
  return { allowed: count <= limit, count, retryAfterSeconds: Number(row.retry_after) };
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
