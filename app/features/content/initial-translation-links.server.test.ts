import { and, eq, isNotNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { homeItems } from "#app/db/schema.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { listHomeItems } from "./home-items.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The initial FAQ and testimonials (migration 0012) were written before a translation named its
 * source: migration 0021 links each to the Portuguese item at its place, counted as current, so
 * a change to the Portuguese flags them from the first day (decision 040).
 */
describe.each(databaseTargets)("the initial content's translations on %s", (_n, kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, paced(60_000));
  afterAll(async () => {
    await database?.close();
  });

  it("every initial translation names the Portuguese item of its kind and place, and is current", async () => {
    const source = alias(homeItems, "source");
    const rows = await database.db
      .select({
        kind: homeItems.kind,
        position: homeItems.position,
        sourceId: homeItems.sourceId,
        sourceKind: source.kind,
        sourceLanguage: source.language,
        sourcePosition: source.position,
      })
      .from(homeItems)
      .leftJoin(source, eq(source.id, homeItems.sourceId))
      .where(ne(homeItems.language, "pt"));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        sourceKind: row.kind,
        sourceLanguage: "pt",
        sourcePosition: row.position,
      });
    }
    const english = await listHomeItems(database.db, "faq", "en");
    expect(english.length).toBeGreaterThan(0);
    expect(english.every((item) => item.source && !item.source.outOfDate)).toBe(true);
    expect(
      await database.db
        .select({ id: homeItems.id })
        .from(homeItems)
        .where(and(eq(homeItems.language, "pt"), isNotNull(homeItems.sourceId))),
    ).toEqual([]);
  });
});
