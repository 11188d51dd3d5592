import { randomBytes } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "./db.server.ts";
import { rateLimits } from "./schema.server.ts";
import { countAttempt } from "#app/utils/rate-limit.server.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { clientOf, prepareStatement, runStatement } from "./statement.server.ts";

describe.each(databaseTargets)("prepared statements on %s", (_name, kind) => {
  const prefix = `statement-test:${randomBytes(4).toString("hex")}:`;
  const count = prepareStatement<{ key: string; windowSeconds: number | string }>(
    "statement-test-count",
    countAttempt(sql.placeholder("key"), sql.placeholder("windowSeconds")),
  );

  beforeAll(async () => {
    await openAppDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await (await getDatabase()).delete(rateLimits).where(like(rateLimits.key, `${prefix}%`));
    await closeAppDatabase();
  });

  it("runs one text with many values and reads the rows by column name", async () => {
    const client = clientOf(await getDatabase());
    for (let i = 1; i <= 3; i++) {
      const rows = await runStatement<{ count: number | string; retry_after: number | string }>(
        client,
        count.with({ key: `${prefix}a`, windowSeconds: 600 }),
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.count)).toBe(i);
      expect(Number(rows[0]!.retry_after)).toBeGreaterThan(590);
    }
  });

  it("fails a statement whole, and the next one runs as if nothing happened", async () => {
    const db = await getDatabase();
    const client = clientOf(db);
    await expect(
      runStatement(client, count.with({ key: `${prefix}b`, windowSeconds: "not a number" })),
    ).rejects.toThrow();
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `${prefix}b`)),
    ).toEqual([]);
    const rows = await runStatement<{ count: string | number }>(
      client,
      count.with({ key: `${prefix}b`, windowSeconds: 600 }),
    );
    expect(Number(rows[0]!.count)).toBe(1);
    // Other queries share the embedded database's one session: it was left ready for them.
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `${prefix}b`)),
    ).toHaveLength(1);
  });

  it("keeps values apart from the text: a quote or a statement in a value is only text", async () => {
    const client = clientOf(await getDatabase());
    const key = `${prefix}'); drop table rate_limits; --`;
    const rows = await runStatement<{ count: string | number }>(
      client,
      count.with({ key, windowSeconds: 600 }),
    );
    expect(Number(rows[0]!.count)).toBe(1);
    const [stored] = await (
      await getDatabase()
    )
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `${prefix}')%`));
    expect(stored!.key).toBe(key);
  });
});
