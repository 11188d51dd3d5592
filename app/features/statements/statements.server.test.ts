import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { accessLog, outbox, statementLines, statements } from "#app/db/schema.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { insertSignedContract } from "#app/test/statement-factories.ts";
import { collectPersonalData } from "#app/features/privacy/data-export.server.ts";
import { eraseApplications } from "#app/features/privacy/erasure.server.ts";
import { MAX_IMPORT_ROWS, previewImport, storeImport } from "./csv-import.server.ts";
import { STATEMENT_MAIL_KIND } from "./mail.server.ts";
import {
  contractInForce,
  correctStatement,
  markPaid,
  monthOverview,
  publishedStatementOf,
  publishedStatementsOf,
  publishStatement,
  recordEarning,
  removeDraftLine,
  statementForStaff,
} from "./statements.server.ts";

describe.each(databaseTargets)("monthly statements on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let actor: { id: string; ip: string };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const id = await insertAccount(database.db, {
      email: `admin.${marker}@example.com`,
      role: "admin",
    });
    actor = { id, ip: "203.0.113.7" };
  });
  afterAll(() => database?.close());

  const model = (name: string, language = "pt") =>
    insertApplicationRow(database.db, {
      fullName: `${name.charAt(0).toUpperCase()}${name.slice(1)} Souza Lima`,
      email: `${name}.${marker}@example.com`,
      status: "Aprovado",
      language,
    });
  const linesOf = (statementId: number) =>
    database.db.select().from(statementLines).where(eq(statementLines.statementId, statementId));

  it("finds her contract in force: signed, started by the month's end, the latest", async () => {
    const id = await model("clara");
    expect(await contractInForce(database.db, id, "2026-03-01")).toBeNull();
    await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 9_000,
      startsOn: "2026-01-01",
      state: "offered",
    });
    expect(await contractInForce(database.db, id, "2026-03-01")).toBeNull();
    const first = await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 3_000,
      startsOn: "2026-02-15",
    });
    const second = await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 2_500,
      startsOn: "2026-04-30",
      state: "countersigned",
    });
    expect(await contractInForce(database.db, id, "2026-01-01")).toBeNull();
    expect(await contractInForce(database.db, id, "2026-02-01")).toMatchObject({ id: first });
    expect(await contractInForce(database.db, id, "2026-03-01")).toMatchObject({
      id: first,
      agencyShareBasisPoints: 3_000,
    });
    expect(await contractInForce(database.db, id, "2026-04-01")).toMatchObject({ id: second });
    await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 1_000,
      startsOn: "2026-01-01",
      state: "withdrawn",
    });
    expect(await contractInForce(database.db, id, "2026-05-01")).toMatchObject({ id: second });
  });

  it("refuses a statement to a model without a contract in force; stores nothing", async () => {
    const id = await model("dora");
    const outcome = await recordEarning(database.db, actor, {
      submissionId: id,
      month: "2026-05-01",
      platform: "OnlyFans",
      grossCents: 10_000,
    });
    expect(outcome).toEqual({ ok: false, index: 0, error: "no-contract" });
    const stored = await database.db
      .select()
      .from(statements)
      .where(eq(statements.submissionId, id));
    expect(stored).toEqual([]);
  });

  it("records a draft she cannot see, publishes it with a mail without figures, then corrects it", async () => {
    const id = await model("eva", "en");
    await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 3_333,
      startsOn: "2026-01-01",
    });
    const first = await recordEarning(database.db, actor, {
      submissionId: id,
      month: "2026-05-01",
      platform: "OnlyFans",
      grossCents: 123_456,
    });
    expect(first.ok).toBe(true);
    const statementId = first.ok ? first.statementIds[0]! : 0;
    const wrong = await recordEarning(database.db, actor, {
      submissionId: id,
      month: "2026-05-01",
      platform: "Privacy",
      grossCents: 99_999,
    });
    expect(wrong).toEqual({ ok: true, statementIds: [statementId] });
    await recordEarning(database.db, actor, {
      submissionId: id,
      month: "2026-05-01",
      platform: "Fansly",
      grossCents: 1,
    });
    // A draft is edited: a line typed wrong is taken back.
    const [wrongLine] = (await linesOf(statementId)).filter((line) => line.platform === "Privacy");
    expect(await removeDraftLine(database.db, statementId, wrongLine!.id)).toBe("removed");

    // A draft is the staff's: not hers to see, by list or by id.
    expect(await publishedStatementsOf(database.db, [id])).toEqual([]);
    expect(await publishedStatementOf(database.db, [id], statementId)).toBeNull();
    expect(await markPaid(database.db, actor, statementId, pay)).toBe("draft");
    expect(
      await correctStatement(database.db, actor, statementId, {
        platform: "OnlyFans",
        grossCents: -100,
        reason: "Chargeback",
      }),
    ).toBe("draft");

    expect(await publishStatement(database.db, actor, statementId)).toBe("ok");
    expect(await publishStatement(database.db, actor, statementId)).toBe("published");
    const published = await publishedStatementOf(database.db, [id], statementId);
    // 123,457 × 33.33 % = 41,148.2181 → 41,148.
    expect(published?.totals).toEqual({
      grossCents: 123_457,
      agencyCents: 41_148,
      netCents: 82_309,
    });

    // Her mail: in her language, her first name, no figure, no platform, no month.
    const mails = await database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, STATEMENT_MAIL_KIND),
          eq(outbox.recipient, `eva.${marker}@example.com`),
        ),
      );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.language).toBe("en");
    expect(mail!.text).toContain("Eva");
    expect(mail!.text).not.toContain("Souza");
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toMatch(/R\$|1[.,]?234|823|411|33[.,]33|OnlyFans|Fansly|May|2026/);
    }
    expect(mail!.text).toContain("/dashboard/model/statements");

    // Published: no line of it changes; new earnings are refused, a correction is a new line.
    expect(
      await recordEarning(database.db, actor, {
        submissionId: id,
        month: "2026-05-01",
        platform: "Late",
        grossCents: 5,
      }),
    ).toEqual({ ok: false, index: 0, error: "published" });
    const [onlyFans] = (await linesOf(statementId)).filter((line) => line.platform === "OnlyFans");
    expect(await removeDraftLine(database.db, statementId, onlyFans!.id)).toBe("published");
    expect(
      await correctStatement(database.db, actor, statementId, {
        platform: "OnlyFans",
        grossCents: -23_456,
        reason: "Chargeback of 12 May",
      }),
    ).toBe("ok");
    const corrected = await statementForStaff(database.db, statementId);
    expect(corrected?.lines.map((line) => [line.kind, line.grossCents, line.reason])).toEqual([
      ["earning", 123_456, null],
      ["earning", 1, null],
      ["correction", -23_456, "Chargeback of 12 May"],
    ]);
    // Rounded once, on the corrected total: 100,001 × 33.33 % = 33,330.33 → 33,330.
    expect(corrected?.totals).toEqual({
      grossCents: 100_001,
      agencyCents: 33_330,
      netCents: 66_671,
    });
    expect(corrected?.name).toBe("Eva L.");

    // Payout: pending → paid with the day, the amount and the reference; once.
    expect(corrected?.payoutState).toBe("pending");
    expect(await markPaid(database.db, actor, statementId, pay)).toBe("ok");
    expect(await markPaid(database.db, actor, statementId, pay)).toBe("paid");
    expect(await publishedStatementOf(database.db, [id], statementId)).toMatchObject({
      payoutState: "paid",
      paidOn: "2026-06-05",
      paidCents: 66_671,
      payoutReference: "PIX E2E 1234",
    });

    // Who published, corrected and paid what.
    const log = await database.db
      .select({ action: accessLog.action, actor: accessLog.actorId, details: accessLog.details })
      .from(accessLog)
      .where(and(eq(accessLog.subject, `submission:${id}`), like(accessLog.action, "statement.%")));
    expect(log.map((row) => row.action).sort()).toEqual([
      "statement.correct",
      "statement.paid",
      "statement.publish",
    ]);
    expect(log.every((row) => row.actor === actor.id)).toBe(true);
    expect(log.find((row) => row.action === "statement.correct")?.details).toMatchObject({
      statement: statementId,
      month: "2026-05",
      grossCents: -23_456,
    });
  });

  const pay = { paidOn: "2026-06-05", paidCents: 66_671, reference: "PIX E2E 1234" };

  it("lists the month's models with a contract in force, her manager and where each stands", async () => {
    const manager = await insertAccount(database.db, {
      email: `rita.${marker}@example.com`,
      name: "Rita Manager",
      role: "approver",
    });
    const id = await insertApplicationRow(database.db, {
      fullName: "Fabi Nunes",
      email: `fabi.${marker}@example.com`,
      status: "Aprovado",
      managerId: manager,
    });
    await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 2_000,
      startsOn: "2026-06-10",
    });
    const before = await monthOverview(database.db, "2026-05-01");
    expect(before.find((row) => row.submissionId === id)).toBeUndefined();
    const june = await monthOverview(database.db, "2026-06-01");
    expect(june.find((row) => row.submissionId === id)).toEqual({
      submissionId: id,
      name: "Fabi N.",
      manager: "Rita Manager",
      basisPoints: 2_000,
      statementId: null,
      state: null,
      payoutState: null,
    });
  });

  it("is in her export (published only) and kept without her name by erasure", async () => {
    const id = await model("iris");
    await insertSignedContract(database.db, {
      submissionId: id,
      basisPoints: 2_000,
      startsOn: "2026-01-01",
    });
    const record = (month: string) =>
      recordEarning(database.db, actor, {
        submissionId: id,
        month,
        platform: "Privacy",
        grossCents: 50_000,
      });
    const published = await record("2026-03-01");
    const draft = await record("2026-04-01");
    const publishedId = published.ok ? published.statementIds[0]! : 0;
    const draftId = draft.ok ? draft.statementIds[0]! : 0;
    await publishStatement(database.db, actor, publishedId);
    await correctStatement(database.db, actor, publishedId, {
      platform: "Privacy",
      grossCents: -1_000,
      reason: "Iris asked to refund a fan",
    });
    await markPaid(database.db, actor, publishedId, {
      paidOn: "2026-04-05",
      paidCents: 39_200,
      reference: "PIX Iris Souza",
    });

    const exported = await collectPersonalData(database.db, `iris.${marker}@example.com`, {
      includeDocument: false,
    });
    const [application] = exported.applications;
    expect(application!.statements).toEqual([
      expect.objectContaining({
        month: "2026-03",
        agencySharePercent: 20,
        grossCents: 49_000,
        agencyShareCents: 9_800,
        netCents: 39_200,
        payout: {
          state: "paid",
          paidOn: "2026-04-05",
          paidCents: 39_200,
          reference: "PIX Iris Souza",
        },
      }),
    ]);

    await database.db.transaction((tx) => eraseApplications(tx, [id]));
    const kept = await database.db.select().from(statements).where(eq(statements.submissionId, id));
    // The draft goes; the published statement stays, its amounts whole, nothing of her in it.
    expect(kept.map((row) => row.id)).toEqual([publishedId]);
    expect(kept[0]).toMatchObject({ payoutState: "paid", paidCents: 39_200, payoutReference: "—" });
    expect(await linesOf(draftId)).toEqual([]);
    const lines = await linesOf(publishedId);
    expect(lines.map((line) => [line.kind, line.grossCents, line.reason])).toEqual([
      ["earning", 50_000, null],
      ["correction", -1_000, "—"],
    ]);
    expect(JSON.stringify({ kept, lines })).not.toMatch(/Iris|iris/);
  });

  describe("a CSV import", () => {
    let gia: number;
    let hana: number;
    beforeAll(async () => {
      gia = await model("gia");
      hana = await model("hana");
      await insertSignedContract(database.db, {
        submissionId: gia,
        basisPoints: 2_000,
        startsOn: "2026-01-01",
      });
      await insertSignedContract(database.db, {
        submissionId: hana,
        basisPoints: 2_500,
        startsOn: "2026-01-01",
      });
    });
    const statementsOf = (id: number) =>
      database.db.select().from(statements).where(eq(statements.submissionId, id));

    it("shows every row's errors and stores nothing while any row is wrong", async () => {
      const file = [
        "aplicação;mês;plataforma;bruto",
        `${gia};2026-07;OnlyFans;1.234,56`,
        `gia.${marker}@example.com;07/2026;Privacy;99.5`,
        `${hana};2026-13;Fansly;10`,
        `${hana};2026-07;=HYPERLINK("https://evil.example","x");10`,
        `${hana};2026-07;@SUM(A1);10`,
        `${hana};2026-07;Fansly;-5,00`,
        `${hana};2026-07;Fansly;=1+1`,
        `${hana};2026-07;Fansly;1.234`,
        `nobody.${marker}@example.com;2026-07;Fansly;1`,
        `999999999;2026-07;Fansly;1`,
        `=cmd|' /C calc'!A0;2026-07;Fansly;1`,
        `${gia};2026-07;onlyfans;1`,
        `${gia};2026-07`,
        `${gia};2025-12;OnlyFans;1`,
      ].join("\r\n");
      const preview = await previewImport(database.db, file);
      expect(preview.ok && preview.valid).toBe(false);
      if (!preview.ok) throw new Error(preview.error);
      expect(preview.rows.map((row) => [row.line, row.errors])).toEqual([
        [2, []],
        [3, []],
        [4, ["month"]],
        [5, ["formula"]],
        [6, ["formula"]],
        [7, ["negative"]],
        [8, ["amount"]],
        [9, ["ambiguous"]],
        [10, ["unknown"]],
        [11, ["unknown"]],
        [12, ["identity"]],
        [13, ["duplicate"]],
        [14, ["columns", "platform", "amount"]],
        [15, ["noContract"]],
      ]);
      expect(preview.rows[0]).toMatchObject({
        grossCents: 123_456,
        name: "Gia L.",
        month: "2026-07-01",
      });
      // A formula stays text in the preview: never evaluated, shown as typed.
      expect(preview.rows[3]!.platform).toBe('=HYPERLINK("https://evil.example","x")');
      const outcome = await storeImport(database.db, actor, file);
      expect(outcome.stored).toBe(false);
      expect(await statementsOf(gia)).toEqual([]);
      expect(await statementsOf(hana)).toEqual([]);
    });

    it("stores a clean file in one go, a draft per model and month", async () => {
      const file = [
        `${gia},2026-07,OnlyFans,"1.234,56"`,
        `gia.${marker}@example.com,2026-07,Privacy,99.50`,
        `HANA.${marker}@example.com,2026-07,Fansly,10`,
      ].join("\n");
      const outcome = await storeImport(database.db, actor, file);
      expect(outcome).toEqual({ stored: true, rows: 3, statements: 2, month: "2026-07-01" });
      const [giaJuly] = await statementsOf(gia);
      expect(giaJuly).toMatchObject({
        state: "draft",
        agencyShareBasisPoints: 2_000,
        month: "2026-07-01",
      });
      expect(
        (await linesOf(giaJuly!.id)).map((line) => line.grossCents).sort((a, b) => a - b),
      ).toEqual([9_950, 123_456]);
      // The same file again: the month is a draft still, so it adds (staff see it in the draft).
      await publishStatement(database.db, actor, giaJuly!.id);
      const again = await previewImport(database.db, file);
      expect(again.ok && again.rows.map((row) => row.errors)).toEqual([
        ["published"],
        ["published"],
        [],
      ]);
    });

    it("refuses a file of 100,000 rows at once, before reading a row", async () => {
      const row = `${gia};2026-08;OnlyFans;1,00\n`;
      const huge = row.repeat(100_000);
      const started = performance.now();
      expect(await previewImport(database.db, huge)).toEqual({ ok: false, error: "tooManyRows" });
      expect(performance.now() - started).toBeLessThan(500);
      expect(await previewImport(database.db, row.repeat(MAX_IMPORT_ROWS + 1))).toEqual({
        ok: false,
        error: "tooManyRows",
      });
      expect(await storeImport(database.db, actor, huge)).toMatchObject({ stored: false });
      expect(await previewImport(database.db, "")).toEqual({ ok: false, error: "empty" });
      expect(await previewImport(database.db, 'a;"b\n')).toEqual({ ok: false, error: "malformed" });
    });
  });
});
