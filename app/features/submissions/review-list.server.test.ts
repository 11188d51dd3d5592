import { randomBytes } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { submissions } from "#app/db/schema.server.ts";
import {
  listSubmissions,
  reviewListQuery,
  type ReviewListCursor,
  type ReviewListFilter,
} from "./review-list.server.ts";
import { paced } from "#app/test/pace.ts";

// PGlite always; PostgreSQL as well when a test database is given (CI sets one).
describe.each(databaseTargets)("the review list on %s", (_name, kind) => {
  let database: DatabaseHandle;
  // A shared test database holds other rows: this run's have their own e-mail and name prefix
  // and dates in a random hour far in the future, above everything else.
  const marker = `rl${randomBytes(6).toString("hex")}`;
  // Four digits no other run's rows share (almost surely), as a document's last digits.
  const digits = String(1000 + (randomBytes(2).readUInt16BE() % 9000));
  const hour = new Date(Date.UTC(2900 + randomBytes(1)[0]!, 0, 1, 12));
  const at = (seconds: number, microseconds = 0) => {
    const stamp = new Date(hour.getTime() + seconds * 1000).toISOString().replace("Z", "");
    return `${stamp}${String(microseconds).padStart(3, "0")}+00`;
  };
  /** Above every row of this run: where the first page starts. */
  const top: ReviewListCursor = { createdAt: at(3600), id: Number.MAX_SAFE_INTEGER };

  const row = (
    name: string,
    createdAt: string,
    overrides: Partial<typeof submissions.$inferInsert> = {},
  ) => {
    const email = `${marker}-${name}@Example.com`;
    return {
      createdAt: sql`${createdAt}::timestamptz`,
      fullName: `${name} Souza ${marker}`,
      email,
      consentVersion: "2026-11-22/pt",
      ...overrides,
    };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await insertApplicationRows(database.db, [
      row("ana", at(10)),
      row("bia", at(20), { status: "Aprovado" }),
      // Three in the same millisecond, two of them in the same microsecond.
      row("carla", at(30, 100)),
      row("dani", at(30, 200)),
      row("eva", at(30, 200)),
      row("fer", at(40), { fullName: `Fernanda ${marker}`, source: "chatbot", language: "de" }),
      row("gabi", at(50), { status: "Reprovado", documentLastDigits: digits }),
      row("helena", at(60), { fullName: `${marker.toUpperCase()} Helena Müller` }),
    ]);
    // Migrating PGlite takes more than vitest's 10 s on a busy machine, as in the export's test.
  }, paced(60_000));

  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.emailNormalized, `${marker}-%`));
    await database.close();
  });

  /** Every page from the top of this run's hour, as the names of this run's rows. */
  async function allPages(filter: ReviewListFilter, limit: number) {
    const pages: string[][] = [];
    let before: ReviewListCursor | null = top;
    while (before) {
      const page: Awaited<ReturnType<typeof listSubmissions>> = await listSubmissions(database.db, {
        ...filter,
        before,
        limit,
      });
      const ours = page.rows.filter((r) => r.email.startsWith(`${marker}-`));
      if (ours.length) pages.push(ours.map((r) => r.email.split(/[-@]/)[1]!));
      // Below this run's rows lie those of a shared database: stop there.
      before = ours.length === page.rows.length ? page.next : null;
    }
    return pages;
  }

  it("lists a status newest first, page by page, without losing rows of the same instant", async () => {
    expect(await allPages({ status: "Pendente" }, 2)).toEqual([
      ["helena", "fer"],
      ["eva", "dani"],
      ["carla", "ana"],
    ]);
  });

  it("lists every status when none is given", async () => {
    const [first] = await allPages({}, 3);
    expect(first).toEqual(["helena", "gabi", "fer"]);
  });

  it("says when there is no further page", async () => {
    const { rows, next } = await listSubmissions(database.db, {
      search: `${marker}-bia`,
      limit: 1,
    });
    expect(rows).toMatchObject([{ status: "Aprovado", fullName: `bia Souza ${marker}` }]);
    expect(next).toBeNull();
    // Only what the list shows of her: the export reads her other fields with its own select.
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ["createdAt", "email", "erasedAt", "fullName", "id", "source", "status"].sort(),
    );
  });

  it("finds by the start of the e-mail address or of the name, in any case", async () => {
    const names = async (search: string) =>
      (await listSubmissions(database.db, { search })).rows.map((r) => r.fullName);
    expect(await names(`  ${marker.toUpperCase()}-CARLA `)).toEqual([`carla Souza ${marker}`]);
    expect(await names("fernanda " + marker)).toEqual([`Fernanda ${marker}`]);
    expect(await names(`${marker} helena`)).toEqual([`${marker.toUpperCase()} Helena Müller`]);
    expect(await names(`${marker}-`)).toHaveLength(8);
    // Wildcards typed into the search box match only themselves.
    expect(await names(`${marker}%`)).toEqual([]);
    expect(await names(`${marker}_ana`)).toEqual([]);
  });

  it("combines search, status and cursor", async () => {
    const { rows } = await listSubmissions(database.db, {
      status: "Pendente",
      search: `${marker}-`,
      before: { createdAt: at(30, 200), id: Number.MAX_SAFE_INTEGER },
    });
    expect(rows.map((r) => r.email.split("@")[0])).toEqual([
      `${marker}-eva`,
      `${marker}-dani`,
      `${marker}-carla`,
      `${marker}-ana`,
    ]);
  });

  it("filters by source and language, and finds by the document's last digits", async () => {
    const names = async (filter: ReviewListFilter) => (await allPages(filter, 50)).flat();
    expect(await names({ source: "chatbot" })).toEqual(["fer"]);
    expect(await names({ language: "de", status: "Pendente" })).toEqual(["fer"]);
    expect(await names({ source: "form", language: "de" })).toEqual([]);
    // All four digits as the list shows them, or only the last two or three of them; never
    // digits from the middle.
    for (const search of [digits, digits.slice(-3), digits.slice(-2)]) {
      const filter = { search, status: "Reprovado" as const, before: top, limit: 200 };
      const { rows } = await listSubmissions(database.db, filter);
      expect(
        rows.filter((r) => r.email.startsWith(`${marker}-`)).map((r) => r.fullName),
        search,
      ).toContain(`gabi Souza ${marker}`);
    }
    const start = digits.slice(0, 3);
    if (start !== digits.slice(-3)) {
      const { rows } = await listSubmissions(database.db, { search: start, before: top });
      expect(rows.map((r) => r.fullName)).not.toContain(`gabi Souza ${marker}`);
    }
  });

  it("lists oldest first, page by page, without losing rows of the same instant", async () => {
    const bottom: ReviewListCursor = { createdAt: at(0), id: 0 };
    const pages: string[] = [];
    let after: ReviewListCursor | null = bottom;
    while (after) {
      const page: Awaited<ReturnType<typeof listSubmissions>> = await listSubmissions(database.db, {
        status: "Pendente",
        sort: "oldest",
        before: after,
        limit: 2,
      });
      const ours = page.rows.filter((r) => r.email.startsWith(`${marker}-`));
      pages.push(...ours.map((r) => r.email.split(/[-@]/)[1]!));
      after = ours.length === page.rows.length ? page.next : null;
    }
    expect(pages).toEqual(["ana", "carla", "dani", "eva", "fer", "helena"]);
  });

  /**
   * The plan with some access paths switched off: a table this small is rightly read whole, so
   * this shows which indexes the query can use once it is not (the benchmark checks 1M rows).
   */
  async function plan(filter: ReviewListFilter, settings: string[]) {
    return database.db.transaction(async (tx) => {
      for (const setting of settings) await tx.execute(sql.raw(`set local ${setting} = off`));
      const query = reviewListQuery(database.db, filter, 50);
      const result = await tx.execute(sql`explain ${query.getSQL()}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((line) => Object.values(line)[0])
        .join("\n");
    });
  }

  it("reads a page from an index on the date, already in order", async () => {
    for (const filter of [
      { status: "Pendente" as const },
      { status: "Pendente" as const, before: top },
      { before: top },
    ]) {
      // Sorting is priced out too, so an order the index cannot give still shows as a Sort.
      const text = await plan(filter, ["enable_seqscan", "enable_bitmapscan", "enable_sort"]);
      // Which of the two depends on the table's statistics; the benchmark shows the status one
      // chosen at a million rows.
      expect(text).toMatch(/Index Scan using submissions_(status_)?created_idx/);
      expect(text).not.toMatch(/Seq Scan|Sort/);
    }
  });

  it("searches the document's digits through their index", async () => {
    const text = await plan({ search: "1234" }, ["enable_seqscan", "enable_indexscan"]);
    expect(text).toContain("submissions_document_suffix_idx");
    expect(text).not.toContain("Seq Scan");
  });

  // Two letters are too few for the trigram index (search.server.test.ts checks that one).
  it("searches through the e-mail and name prefix indexes", async () => {
    const text = await plan({ search: "ma" }, ["enable_seqscan", "enable_indexscan"]);
    expect(text).toContain("submissions_email_prefix_idx");
    expect(text).toContain("submissions_name_prefix_idx");
    expect(text).not.toContain("Seq Scan");
  });
});
