import { randomBytes } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { submissions } from "#app/db/schema.server.ts";
import { applicationNeighbours } from "./neighbours.server.ts";
import { readReviewContext } from "./review-context.ts";
import { paced } from "#app/test/pace.ts";

// PGlite always; PostgreSQL as well when a test database is given (CI sets one).
describe.each(databaseTargets)("an application's neighbours on %s", (_name, kind) => {
  let database: DatabaseHandle;
  // A shared test database holds other rows: this run's are found by their own e-mail prefix.
  const marker = `nb${randomBytes(6).toString("hex")}`;
  const hour = new Date(Date.UTC(2900 + randomBytes(1)[0]!, 0, 1, 12));
  const at = (seconds: number, microseconds = 0) => {
    const stamp = new Date(hour.getTime() + seconds * 1000).toISOString().replace("Z", "");
    return `${stamp}${String(microseconds).padStart(3, "0")}+00`;
  };
  const ids = new Map<string, number>();

  const row = (
    name: string,
    createdAt: string,
    overrides: Partial<typeof submissions.$inferInsert> = {},
  ) => {
    const email = `${marker}-${name}@example.com`;
    return {
      createdAt: sql`${createdAt}::timestamptz`,
      fullName: `${name} ${marker}`,
      email,
      consentVersion: "2026-11-22/pt",
      ...overrides,
    };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const inserted = await insertApplicationRows(database.db, [
      row("ana", at(10)),
      row("bia", at(20), { status: "Aprovado" }),
      // Two in the same microsecond: the id decides between them, as on the list's pages.
      row("carla", at(30, 200)),
      row("dani", at(30, 200)),
      row("eva", at(40), { source: "chatbot" }),
    ]);
    for (const { id, email } of inserted)
      ids.set(email.slice(marker.length + 1).split("@")[0]!, id);
    // Migrating an embedded database takes seconds, more on a busy machine.
  }, paced(60_000));

  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.emailNormalized, `${marker}-%`));
    await database.close();
  });

  const context = (query: Record<string, string>) =>
    readReviewContext(new URLSearchParams({ q: marker, ...query }));
  const around = async (name: string, query: Record<string, string> = {}) => {
    const found = await applicationNeighbours(database.db, ids.get(name)!, context(query));
    const nameOf = (n: typeof found.next) => n && n.fullName.split(" ")[0];
    return { previous: nameOf(found.previous), next: nameOf(found.next), found };
  };

  it("walks the whole list newest first, same microsecond included, and stops at both ends", async () => {
    expect(await around("eva")).toMatchObject({ previous: null, next: "dani" });
    expect(await around("dani")).toMatchObject({ previous: "eva", next: "carla" });
    expect(await around("carla")).toMatchObject({ previous: "dani", next: "bia" });
    expect(await around("ana")).toMatchObject({ previous: "bia", next: null });
  });

  it("follows the list's order and filters: pending only, oldest first", async () => {
    const query = { list: "pendentes", sort: "oldest" };
    // Bia is approved: not in the pending list, so Ana's next is Carla.
    expect(await around("ana", query)).toMatchObject({ previous: null, next: "carla" });
    expect(await around("dani", query)).toMatchObject({ previous: "carla", next: "eva" });
    // A chatbot filter leaves Eva alone in the list.
    expect(await around("eva", { ...query, source: "chatbot" })).toMatchObject({
      previous: null,
      next: null,
    });
  });

  it("keeps its place for an application that has left the list (just decided)", async () => {
    // Bia is approved: opened from the pending list (newest first, as asked for), her neighbours
    // are the pending ones around her.
    expect(await around("bia", { list: "pendentes", sort: "newest" })).toMatchObject({
      previous: "carla",
      next: "ana",
    });
  });

  it("links to the neighbours and to the list with the same list, filters and order", async () => {
    const { found } = await around("carla", { list: "pendentes", sort: "oldest" });
    // Oldest first is the pending list's own order: the links need not say it.
    const query = `list=pendentes&q=${marker}`;
    expect(found.next!.href).toBe(`/admin/cadastros/${ids.get("dani")}?${query}`);
    expect(found.previous!.href).toBe(`/admin/cadastros/${ids.get("ana")}?${query}`);
    expect(found.list).toBe(`/admin/pendentes?q=${marker}`);
    // Newest first is not: they carry it.
    const newest = (await around("carla", { list: "pendentes", sort: "newest" })).found;
    expect(newest.list).toBe(`/admin/pendentes?q=${marker}&sort=newest`);
    expect(newest.next!.href).toBe(`/admin/cadastros/${ids.get("ana")}?${query}&sort=newest`);
  });

  it("ignores a list it does not know and names none for an application that does not exist", async () => {
    const { found } = await around("dani", { list: "../users" });
    expect(found.list).toBe(`/admin/cadastros?q=${marker}`);
    expect(await applicationNeighbours(database.db, 2 ** 31 - 1, context({}))).toEqual({
      previous: null,
      next: null,
      list: `/admin/cadastros?q=${marker}`,
    });
  });
});
