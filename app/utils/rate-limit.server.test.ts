import { randomUUID } from "node:crypto";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { rateLimits } from "#app/db/schema.server.ts";
import { hitRateLimit, pruneRateLimits } from "./rate-limit.server.ts";

describe.each(databaseTargets)("rate limits on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const prefix = `test:${randomUUID()}:`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.db.delete(rateLimits).where(like(rateLimits.key, `${prefix}%`));
    await database.close();
  });

  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const key = `${prefix}ip:203.0.113.9`;
    const rule = { limit: 3, windowSeconds: 600 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(database.db, key, rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(results[4]!.retryAfterSeconds).toBeGreaterThan(590);
    expect(results[4]!.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it("counts keys apart", async () => {
    const rule = { limit: 1, windowSeconds: 600 };
    expect((await hitRateLimit(database.db, `${prefix}a`, rule)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, `${prefix}b`, rule)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, `${prefix}a`, rule)).allowed).toBe(false);
  });

  it("starts a new window once the old one has passed", async () => {
    const key = `${prefix}window`;
    const rule = { limit: 1, windowSeconds: 600 };
    await hitRateLimit(database.db, key, rule);
    expect((await hitRateLimit(database.db, key, rule)).allowed).toBe(false);
    await database.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 601_000) })
      .where(like(rateLimits.key, key));
    expect(await hitRateLimit(database.db, key, rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts concurrent attempts exactly", async () => {
    const key = `${prefix}burst`;
    const rule = { limit: 10, windowSeconds: 600 };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitRateLimit(database.db, key, rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(Math.max(...results.map((r) => r.count))).toBe(25);
  });

  it("the daily prune deletes the counters that no longer count, whoever made them", async () => {
    const mine = `${prefix}prune:`;
    // A visitor rotating addresses leaves a counter per address, each naming it.
    const rotated = Array.from(
      { length: 200 },
      (_, i) => `${mine}rotate:198.51.${i >> 8}.${i & 255}`,
    );
    const rule = { limit: 5, windowSeconds: 600 };
    for (const key of rotated) await hitRateLimit(database.db, key, rule);
    const current = `${mine}current`;
    await hitRateLimit(database.db, current, rule);
    const known = { prefix: `${mine}known:`, days: 90 };
    await hitRateLimit(database.db, `${known.prefix}recent`, rule);
    await hitRateLimit(database.db, `${known.prefix}stale`, rule);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await database.db
      .update(rateLimits)
      .set({ windowStart: daysAgo(2) })
      .where(like(rateLimits.key, `${mine}rotate:%`));
    await database.db
      .update(rateLimits)
      .set({ windowStart: daysAgo(30) })
      .where(like(rateLimits.key, `${known.prefix}recent`));
    await database.db
      .update(rateLimits)
      .set({ windowStart: daysAgo(91) })
      .where(like(rateLimits.key, `${known.prefix}stale`));

    expect(await pruneRateLimits(database.db, new Date(), [known])).toBeGreaterThanOrEqual(201);
    const left = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `${mine}%`));
    expect(left.map((row) => row.key).sort()).toEqual([current, `${known.prefix}recent`].sort());
  });
});
