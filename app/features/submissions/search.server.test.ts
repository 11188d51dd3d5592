import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { submissions } from "#app/db/schema.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { exportSubmissions } from "./export.server.ts";
import { readReviewFilter } from "./review-filter.ts";
import { listSubmissions, reviewListQuery, type ReviewListFilter } from "./review-list.server.ts";
import { SEARCH_MAX_LENGTH, searchQuery } from "./search.server.ts";
import { paced } from "#app/test/pace.ts";

describe("the search box's text", () => {
  it("loses control characters and runs of spaces, and is bounded", () => {
    expect(searchQuery("  ana \t\n souza\u200b ")).toBe("ana souza");
    expect(searchQuery("   ")).toBe("");
    expect(searchQuery("x".repeat(300))).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

// PGlite always; PostgreSQL as well when a test database is given (CI sets one). Each file has a
// database of its own, so the rows below are the only applications in it.
describe.each(databaseTargets)("the review list's search on %s", (_name, kind) => {
  let database: DatabaseHandle;
  // Four digits, as a document's last digits, that no phone number below contains.
  const digits = String(1000 + (randomBytes(2).readUInt16BE() % 9000)).replace(/[0-9]/g, (d) =>
    "34569".includes(d) ? "7" : d,
  );

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const at = (minutes: number) => sql`${new Date(Date.UTC(2026, 10, 1, 12, minutes))}`;
    await insertApplicationRows(database.db, [
      {
        createdAt: at(1),
        fullName: "José Duarte",
        email: "jd.model@Example.com",
        phone: "+55 (48) 99912-3456",
      },
      {
        createdAt: at(2),
        fullName: "MARIA DA SILVA",
        email: "maria.s@example.com",
        whatsapp: "48 9 8877-6655",
        instagram: "@ana.surf",
      },
      {
        createdAt: at(3),
        fullName: "Ana Lúcia Souza",
        email: "analu.souza@correio.example.org",
        instagram: "analu_oficial",
        documentLastDigits: digits,
      },
      {
        createdAt: at(4),
        fullName: "Sale 100%_off\\now",
        email: "sale@example.com",
      },
      {
        createdAt: at(5),
        fullName: "Björn Ångström",
        email: "bjorn@example.se",
        whatsapp: "+46 70 123 45 87",
      },
    ]);
  }, paced(60_000));

  afterAll(async () => {
    await database.close();
  });

  /** The names a search finds, newest first. */
  const found = async (search: string) =>
    (await listSubmissions(database.db, { search, limit: 200 })).rows.map((r) => r.fullName);

  it("finds any part of a name or surname, whatever the case and accents", async () => {
    expect(await found("Duarte")).toEqual(["José Duarte"]);
    expect(await found("duart")).toEqual(["José Duarte"]);
    expect(await found("jose")).toEqual(["José Duarte"]);
    expect(await found("JOSÉ DUARTE")).toEqual(["José Duarte"]);
    expect(await found("silva")).toEqual(["MARIA DA SILVA"]);
    expect(await found("da Silva")).toEqual(["MARIA DA SILVA"]);
    expect(await found("lucia souza")).toEqual(["Ana Lúcia Souza"]);
    expect(await found("LÚCIA")).toEqual(["Ana Lúcia Souza"]);
    expect(await found("angstrom")).toEqual(["Björn Ångström"]);
    expect(await found("bjö")).toEqual(["Björn Ångström"]);
    // Not a name anyone has, nor words of two fields run together.
    expect(await found("duartes")).toEqual([]);
    expect(await found("duarte jd.model")).toEqual([]);
  });

  it("finds 4 digits or more of a phone or WhatsApp number, however they are typed", async () => {
    for (const search of [
      "9912",
      "123456",
      "99912-3456",
      "(48) 99912-3456",
      "+55 (48) 99912-3456",
      "55 48 999 123 456",
      "5548999123456",
    ]) {
      expect(await found(search), search).toEqual(["José Duarte"]);
    }
    for (const search of ["8877", "9 8877-6655", "(48) 98877 6655"]) {
      expect(await found(search), search).toEqual(["MARIA DA SILVA"]);
    }
    expect(await found("+46 70 123")).toEqual(["Björn Ångström"]);
    // "1234" is in both numbers' digits (…99912-3456 and …70 123 45 87).
    expect(await found("1234")).toEqual(["Björn Ångström", "José Duarte"]);
    // The digits of one number end where the next field's begin.
    expect(await found("34564")).toEqual([]);
    // Three digits are in too many numbers: they search names, e-mails and documents only.
    expect(await found("912")).toEqual([]);
  });

  it("finds the Instagram handle with or without its @, and any part of it", async () => {
    expect(await found("@ana.surf")).toEqual(["MARIA DA SILVA"]);
    expect(await found("ana.surf")).toEqual(["MARIA DA SILVA"]);
    expect(await found("@ANA.SU")).toEqual(["MARIA DA SILVA"]);
    expect(await found("surf")).toEqual(["MARIA DA SILVA"]);
    expect(await found("@analu_of")).toEqual(["Ana Lúcia Souza"]);
    expect(await found("oficial")).toEqual(["Ana Lúcia Souza"]);
    // "ana" is in a handle and in a name.
    expect(await found("@ana")).toEqual(["Ana Lúcia Souza", "MARIA DA SILVA"]);
  });

  it("finds any part of the e-mail address", async () => {
    expect(await found("jd.model@")).toEqual(["José Duarte"]);
    expect(await found("MODEL@EXAMPLE.COM")).toEqual(["José Duarte"]);
    expect(await found("correio.example")).toEqual(["Ana Lúcia Souza"]);
    expect(await found("example.se")).toEqual(["Björn Ångström"]);
    // Whole, or across its @: the part before it through the index, the rest checked.
    expect(await found("JD.Model@Example.com")).toEqual(["José Duarte"]);
    expect(await found("souza@correio")).toEqual(["Ana Lúcia Souza"]);
    expect(await found("model@example.se")).toEqual([]);
    expect(await found("s@example.com")).toEqual(["MARIA DA SILVA"]);
  });

  it("finds the document's last digits, or their end", async () => {
    for (const search of [digits, digits.slice(-3), digits.slice(-2)]) {
      expect(await found(search), search).toEqual(["Ana Lúcia Souza"]);
    }
  });

  it("keeps to the start of a name or e-mail for one or two letters", async () => {
    expect(await found("ma")).toEqual(["MARIA DA SILVA"]);
    expect(await found("j")).toEqual(["José Duarte"]);
    // In the middle of a name, two letters find nothing (too many would match).
    expect(await found("rt")).toEqual([]);
  });

  it("reads %, _ and \\ as themselves, never as wildcards", async () => {
    expect(await found("100%_off\\now")).toEqual(["Sale 100%_off\\now"]);
    expect(await found("%_off")).toEqual(["Sale 100%_off\\now"]);
    expect(await found("off\\n")).toEqual(["Sale 100%_off\\now"]);
    expect(await found("100__off")).toEqual([]);
    expect(await found("sa%now")).toEqual([]);
    expect(await found("s_le")).toEqual([]);
    expect(await found("%")).toEqual([]);
    expect(await found("_")).toEqual([]);
    expect(await found("\\")).toEqual([]);
  });

  it("treats a query of spaces as no search, and a very long one as a search that finds nothing", async () => {
    const everyone = await found("");
    expect(everyone).toHaveLength(5);
    expect(await found("    ")).toEqual(everyone);
    expect(await found("\t \n")).toEqual(everyone);
    expect(readReviewFilter(new URLSearchParams({ q: "     " })).search).toBeUndefined();
    expect(await found("@")).toEqual(everyone);
    expect(await found("x".repeat(300))).toEqual([]);
    expect(await found(`duarte ${"9".repeat(293)}`)).toEqual([]);
    // As the list reads it from its URL: cut to its first 100 characters, still found.
    const long = `Duarte${" ".repeat(94)}${"z".repeat(200)}`;
    const filter = readReviewFilter(new URLSearchParams({ q: long }));
    expect(await found(filter.search!)).toEqual(["José Duarte"]);
  });

  it("follows an edit and an erasure at once (the searched text is kept by the database)", async () => {
    const [row] = await database.db
      .update(submissions)
      .set({ fullName: "Joana Prado" })
      .where(eq(submissions.fullName, "Sale 100%_off\\now"))
      .returning({ id: submissions.id });
    expect(await found("prado")).toEqual(["Joana Prado"]);
    await database.db
      .update(submissions)
      .set({ fullName: "", email: "", emailNormalized: "", erasedAt: new Date() })
      .where(eq(submissions.id, row!.id));
    expect(await found("prado")).toEqual([]);
    expect(await found("sale@")).toEqual([]);
  });

  it("exports the rows the list finds", async () => {
    const stream = await exportSubmissions(database.db, { search: "9912" }, { id: "admin-search" });
    const lines = (await new Response(stream).text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"José Duarte"');
  });

  /**
   * The plan with some access paths switched off: a table this small is rightly read whole, so
   * this shows which indexes the query can use once it is not (the benchmark checks 1M rows).
   */
  async function plan(filter: ReviewListFilter) {
    return database.db.transaction(async (tx) => {
      for (const setting of ["enable_seqscan", "enable_indexscan"]) {
        await tx.execute(sql.raw(`set local ${setting} = off`));
      }
      const result = await tx.execute(
        sql`explain ${reviewListQuery(database.db, filter, 50).getSQL()}`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((line) => Object.values(line)[0])
        .join("\n");
    });
  }

  it("searches parts of names, handles and e-mails through the trigram index", async () => {
    for (const search of ["duarte", "@ana.surf", "example.se", "JOSÉ", "jd.model@example"]) {
      const text = await plan({ search });
      expect(text, search).toContain("Bitmap Index Scan on submissions_search_trgm_idx");
      expect(text, search).not.toContain("Seq Scan");
    }
  });

  it("asks the index for an address's part before the @ only, and checks the rest", async () => {
    const text = await plan({ search: "jd.model@example.com" });
    expect(text).toContain("Index Cond: (search_text ~~ '%jd.model@%'::text)");
    expect(text).toContain("'%jd.model@example.com%'");
  });

  it("searches phone digits through the trigram index, and 4 digits through the document's too", async () => {
    const phone = await plan({ search: "+55 (48) 99912-3456" });
    expect(phone).toContain("submissions_search_trgm_idx");
    expect(phone).toContain("'%5548999123456%'");
    expect(phone).not.toContain("Seq Scan");
    const four = await plan({ search: "9912" });
    expect(four).toContain("submissions_search_trgm_idx");
    expect(four).toContain("submissions_document_suffix_idx");
    expect(four).not.toContain("Seq Scan");
  });

  it("searches one or two letters and two or three digits through the prefix and suffix indexes", async () => {
    const letters = await plan({ search: "jo" });
    expect(letters).toContain("submissions_email_prefix_idx");
    expect(letters).toContain("submissions_name_prefix_idx");
    expect(letters).not.toMatch(/trgm|Seq Scan/);
    const few = await plan({ search: "123" });
    expect(few).toContain("submissions_document_suffix_idx");
    expect(few).not.toMatch(/trgm|Seq Scan/);
  });
});
