import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { checkReadiness, closeDatabase } from "./db.server.ts";

/** What /readyz reports: the database answers, and has every migration of this build. */
describe("checkReadiness", { timeout: 30_000 }, () => {
  afterEach(closeAppDatabase);

  it("is ready on a migrated database", async () => {
    await openAppDatabase("pglite");
    expect(await checkReadiness()).toEqual({
      ready: true,
      database: "reachable",
      migrations: "current",
    });
  });

  it("is not ready when the newest migration has not been applied", async () => {
    const db = await openAppDatabase("pglite");
    await db.execute(sql`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect(await checkReadiness()).toMatchObject({
      ready: false,
      migrations: "behind",
      expected: expect.stringMatching(/^\d{4}_/),
    });
  });

  it("is not ready, within its time limit, when PostgreSQL does not answer", async () => {
    // A port that accepts connections and never speaks: a database that hangs.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      await closeDatabase();
      vi.stubEnv("DATABASE_URL", `postgres://mare:mare@127.0.0.1:${port}/none`);
      expect(await checkReadiness(500)).toEqual({ ready: false, database: "unreachable" });
    } finally {
      silent.close();
    }
  });
});
