import { randomUUID } from "node:crypto";
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { submissions } from "#app/db/schema.server.ts";
import { dashboardStats } from "./review-stats.server.ts";
import { paced } from "#app/test/pace.ts";

describe.each(databaseTargets)("the dashboard's counts by status on %s", (name, kind) => {
  let database: DatabaseHandle;
  const marker = `stats-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.close();
  });

  /**
   * Statuses whose kept count differs from a real count, read in one statement so that other
   * tests writing to a shared database at the same time cannot make them differ.
   */
  async function drift() {
    const result = await database.db.execute(sql`
      select coalesce(real.status, kept.status) as status, real.n as real, kept.count as kept
      from (select status, count(*) as n from submissions group by status) real
      full join submission_status_counts kept on kept.status = real.status
      where coalesce(real.n, 0) <> coalesce(kept.count, 0)`);
    return (result as unknown as { rows: unknown[] }).rows;
  }

  async function add(count: number) {
    const rows = await insertApplicationRows(
      database.db,
      Array.from({ length: count }, (_, i) => ({
        fullName: `Ana ${i}`,
        email: `ana${i}.${marker}@example.com`,
      })),
    );
    return rows.map((r) => r.id);
  }

  it("follow inserts, status changes and deletes exactly", async () => {
    const ids = await add(5);
    expect(await drift()).toEqual([]);
    await database.db
      .update(submissions)
      .set({ status: "Aprovado" })
      .where(inArray(submissions.id, ids.slice(0, 2)));
    await database.db
      .update(submissions)
      .set({ status: "Reprovado" })
      .where(eq(submissions.id, ids[2]!));
    // Setting the status it already has changes nothing.
    await database.db
      .update(submissions)
      .set({ status: "Pendente" })
      .where(eq(submissions.id, ids[3]!));
    expect(await drift()).toEqual([]);
    await database.db.delete(submissions).where(inArray(submissions.id, ids.slice(1, 4)));
    expect(await drift()).toEqual([]);
  });

  it("are what the dashboard shows", async () => {
    await add(2);
    const stats = await dashboardStats(database.db);
    const result = await database.db.execute(
      sql`select status, count(*)::int as n from submissions group by status`,
    );
    const real = Object.fromEntries(
      (result as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [
        r.status,
        r.n,
      ]),
    );
    if (name === "PGlite") {
      // Nobody else writes to this database: the figures are exactly the table's.
      expect(stats.counts).toEqual({
        Pendente: real.Pendente ?? 0,
        Aprovado: real.Aprovado ?? 0,
        Reprovado: real.Reprovado ?? 0,
      });
    }
    expect(stats.total).toBeGreaterThanOrEqual(2);
  });

  it.runIf(name === "PGlite")("start again from zero after a truncate", async () => {
    await add(3);
    await database.db.execute(sql`truncate ${submissions} cascade`);
    expect(await drift()).toEqual([]);
    expect((await dashboardStats(database.db)).total).toBe(0);
    await add(1);
    expect((await dashboardStats(database.db)).counts.Pendente).toBe(1);
  });

  it("count the pending waiting past the threshold as the table would, without counting it", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const ids = await add(6);
    // Three waiting ten days, two arrived yesterday, one old but decided.
    await database.db
      .update(submissions)
      .set({ createdAt: daysAgo(10) })
      .where(inArray(submissions.id, [ids[0]!, ids[1]!, ids[2]!, ids[5]!]));
    await database.db
      .update(submissions)
      .set({ createdAt: daysAgo(1) })
      .where(inArray(submissions.id, [ids[3]!, ids[4]!]));
    await database.db
      .update(submissions)
      .set({ status: "Aprovado" })
      .where(eq(submissions.id, ids[5]!));
    const stats = await dashboardStats(database.db, { now, waitingDays: 5 });
    const counted = await database.db.execute(sql`
      select count(*)::int as n from submissions
      where status = 'Pendente' and created_at < ${daysAgo(5).toISOString()}::timestamptz`);
    const real = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(real).toBeGreaterThanOrEqual(3);
    expect(stats.waiting.total).toBe(real);
  });
});
