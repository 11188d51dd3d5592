import { randomUUID } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, emptyDatabase, type DatabaseCopy } from "#app/test/databases.ts";
import { openDatabase, type DatabaseHandle } from "./db.server.ts";
import { submissions, submissionStatusHistory } from "./schema.server.ts";
import { paced } from "#app/test/pace.ts";

describe.each(databaseTargets)("the database on %s", (_name, kind) => {
  let database: DatabaseHandle;
  let empty: DatabaseCopy;
  // Rows of this run only, so a shared test database is left as it was found.
  const marker = `test-${randomUUID()}`;
  const application = (overrides: Partial<typeof submissions.$inferInsert> = {}) => ({
    source: "form" as const,
    language: "pt",
    fullName: "Ana Souza",
    email: `Ana.${marker}@Example.com`,
    emailNormalized: `ana.${marker}@example.com`,
    age: 24,
    instagram: "@ana.souza",
    experience: "beginner",
    message: "Quero começar com segurança.",
    consentVersion: "2026-11-pt-1",
    consentedAt: new Date(),
    ...overrides,
  });

  // Migrated here, from empty: these are the migrations' own tests.
  beforeAll(async () => {
    empty = await emptyDatabase(kind);
    database = openDatabase(empty);
    await database.migrate();
  }, paced(60_000));

  afterAll(async () => {
    await database.close();
    await empty.drop();
  });

  it("applies its migrations again without harm", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("stores a submission as Pendente with its history, in one transaction", async () => {
    const { db } = database;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(submissions).values(application()).returning();
      await tx
        .insert(submissionStatusHistory)
        .values({ submissionId: row!.id, fromStatus: null, toStatus: row!.status });
      return row!.id;
    });
    const [stored] = await db.select().from(submissions).where(eq(submissions.id, id));
    expect(stored).toMatchObject({
      status: "Pendente",
      source: "form",
      fullName: "Ana Souza",
      age: 24,
    });
    const history = await db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: "Pendente" });
  });

  it("keeps nothing of a transaction that fails half-way", async () => {
    const { db } = database;
    const email = `half.${marker}@example.com`;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(submissions).values(application({ emailNormalized: email }));
        throw new Error("the mail could not be queued");
      }),
    ).rejects.toThrow("the mail could not be queued");
    const rows = await db.select().from(submissions).where(eq(submissions.emailNormalized, email));
    expect(rows).toEqual([]);
  });

  it("refuses a status or a source outside the product's lists", async () => {
    const { db } = database;
    await expect(
      db.insert(submissions).values(application({ status: "Aceito" as never })),
    ).rejects.toThrow();
    await expect(
      db.insert(submissions).values(application({ source: "fax" as never })),
    ).rejects.toThrow();
  });

  it("lists a status newest first and finds by e-mail prefix", async () => {
    const { db } = database;
    const older = new Date(Date.now() - 60_000);
    await db.insert(submissions).values([
      application({
        fullName: "Older",
        createdAt: older,
        emailNormalized: `older.${marker}@x.com`,
      }),
      application({ fullName: "Newer", emailNormalized: `newer.${marker}@x.com` }),
    ]);
    const pending = await db
      .select({ fullName: submissions.fullName })
      .from(submissions)
      .where(
        and(
          eq(submissions.status, "Pendente"),
          like(submissions.emailNormalized, `%.${marker}@x.com`),
        ),
      )
      .orderBy(desc(submissions.createdAt), desc(submissions.id));
    expect(pending.map((row) => row.fullName)).toEqual(["Newer", "Older"]);
    const found = await db
      .select({ fullName: submissions.fullName })
      .from(submissions)
      .where(like(submissions.emailNormalized, `newer.${marker}%`));
    expect(found).toEqual([{ fullName: "Newer" }]);
  });
});
