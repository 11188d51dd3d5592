import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/db.server.ts";
import { outbox, statementLines, statements } from "#app/db/schema.server.ts";
import { STATEMENT_MAIL_KIND } from "#app/features/statements/mail.server.ts";
import * as herPage from "#app/routes/areas/statements.tsx";
import * as herFile from "#app/routes/areas/statement-download.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { pdfText } from "#app/test/pdf-text.ts";
import { callRoute } from "#app/test/routes.ts";
import { insertSignedContract } from "#app/test/statement-factories.ts";
import * as statementRoute from "./statement.tsx";
import * as importRoute from "./statements-import.tsx";
import * as listRoute from "./statements.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The statements' routes as their users and their attackers call them: the admin records,
 * publishes, corrects and pays; an approver reads and is refused every write; a forged post from
 * another site changes nothing; a model sees her own published statements only (another's, or a
 * draft, by guessing ids: 404, page and files alike); visitors, affiliates and editors get none.
 */
describe.each(routeTestTargets)("the statements' routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const { ids: _ids, cookies, account } = namedAccounts(marker, (who) => `${who} Lima`);
  let db: Database;
  let lia: number;
  let mel: number;

  const request = (
    path: string,
    who?: string,
    form?: Record<string, string> | FormData,
    origin = TEST_ORIGIN,
  ) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form instanceof FormData ? form : form ? new URLSearchParams(form) : undefined,
      // Her files come in the language she reads the site in.
      headers: { origin, "accept-language": "en", ...(who ? { cookie: cookies[who]! } : {}) },
    });
  const post = (who: string, id: number, form: Record<string, string>, origin?: string) =>
    callRoute(
      statementRoute.action,
      request(`/admin/statements/${id}/2026-09`, who, form, origin),
      { submission: String(id), month: "2026-09" },
    );
  const statementOf = async (id: number) =>
    (
      await db
        .select()
        .from(statements)
        .where(and(eq(statements.submissionId, id), eq(statements.month, "2026-09-01")))
    )[0];

  beforeAll(async () => {
    db = await openAppDatabase(kind, { ...TEST_SERVER_SETTINGS, SMTP_URL: "" });
    for (const [who, role] of [
      ["admin", "admin"],
      ["rita", "approver"],
      ["lia", "model"],
      ["mel", "model"],
      ["afi", "affiliate"],
      ["edi", "editor"],
    ] as const) {
      await account(who, role);
    }
    lia = await insertApplicationRow(db, {
      fullName: "Lia Moreira Lima",
      email: `lia.${marker}@example.com`,
      status: "Aprovado",
      language: "en",
    });
    mel = await insertApplicationRow(db, {
      fullName: "Mel Duarte",
      email: `mel.${marker}@example.com`,
      status: "Aprovado",
    });
    for (const id of [lia, mel]) {
      await insertSignedContract(db, {
        submissionId: id,
        basisPoints: 3_333,
        startsOn: "2026-01-01",
      });
    }
  }, paced(60_000));
  afterAll(() => closeAppDatabase());

  it("refuses visitors, affiliates and editors on every screen and form", async () => {
    const screens = [
      () => callRoute(listRoute.loader, request("/admin/statements", who)),
      () => callRoute(importRoute.loader, request("/admin/statements/import", who)),
      () =>
        callRoute(statementRoute.loader, request(`/admin/statements/${lia}/2026-09`, who), {
          submission: String(lia),
          month: "2026-09",
        }),
      () => post(who!, lia, { intent: "add", platform: "OnlyFans", amount: "10,00" }),
      () =>
        callRoute(
          importRoute.action,
          request("/admin/statements/import", who, {
            intent: "preview",
            csv: `${lia};2026-09;X;1,00`,
          }),
        ),
    ];
    let who: string | undefined;
    for (who of [undefined, "afi", "edi", "lia"]) {
      for (const screen of screens) {
        const outcome = await screen();
        expect(outcome.status, `${who}`).toBe(302);
        expect(outcome.location).toMatch(who ? /^\/permission-denied$/ : /^\/login/);
      }
    }
    for (who of [undefined, "afi", "edi", "admin"]) {
      const page = await callRoute(herPage.loader, request("/dashboard/model/statements", who));
      expect(page.location).toMatch(who ? /^\/permission-denied$/ : /^\/login/);
    }
    expect(await statementOf(lia)).toBeUndefined();
  });

  it("lets an approver read and refuses her every write", async () => {
    const list = await callRoute(
      listRoute.loader,
      request("/admin/statements?month=2026-09", "rita"),
    );
    expect(list.status).toBe(200);
    const names = (list.data as { rows: { name: string }[] }).rows.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["Lia L.", "Mel D."]));
    const writes: Record<string, string>[] = [
      { intent: "add", platform: "OnlyFans", amount: "10,00" },
      { intent: "publish" },
    ];
    for (const form of writes) {
      const refused = await post("rita", lia, form);
      expect(refused.status).toBe(302);
      expect(refused.location).toBe("/permission-denied");
    }
    const page = await callRoute(importRoute.loader, request("/admin/statements/import", "rita"));
    expect(page.location).toBe("/permission-denied");
    expect(await statementOf(lia)).toBeUndefined();
  });

  it("refuses a forged post from another site, and bad amounts with what was typed", async () => {
    const forged = await post(
      "admin",
      lia,
      { intent: "add", platform: "OnlyFans", amount: "10,00" },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    const bad = await post("admin", lia, {
      intent: "add",
      platform: '=HYPERLINK("x")',
      amount: "1.234",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "add",
      fieldErrors: { platform: "statements.errors.formula", amount: "statements.errors.ambiguous" },
      values: { platform: '=HYPERLINK("x")', amount: "1.234" },
    });
    expect(await statementOf(lia)).toBeUndefined();
  });

  it("records, publishes with her mail, corrects, pays; she sees hers only, never a draft", async () => {
    expect(
      (await post("admin", lia, { intent: "add", platform: "OnlyFans", amount: "1.234,56" }))
        .status,
    ).toBe(303);
    expect(
      (await post("admin", mel, { intent: "add", platform: "Privacy", amount: "500" })).status,
    ).toBe(303);
    const liaStatement = await statementOf(lia);
    const melStatement = await statementOf(mel);

    // A draft is not hers to see: not on her page, not as a file.
    const before = await callRoute(herPage.loader, request("/dashboard/model/statements", "lia"));
    expect((before.data as { statements: unknown[] }).statements).toEqual([]);
    const draftFile = await callRoute(
      herFile.loader,
      request(`/dashboard/model/statements/${liaStatement!.id}/pdf`, "lia"),
      { id: String(liaStatement!.id), format: "pdf" },
    );
    expect(draftFile.status).toBe(404);

    expect((await post("admin", lia, { intent: "publish" })).status).toBe(303);
    expect((await post("admin", mel, { intent: "publish" })).status).toBe(303);
    // Published: a new earning is refused; a correction needs its reason.
    const late = await post("admin", lia, { intent: "add", platform: "Fansly", amount: "1,00" });
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({ error: "statements.errors.published" });
    const noReason = await post("admin", lia, {
      intent: "correct",
      platform: "OnlyFans",
      amount: "-34,56",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({ fieldErrors: { reason: "statements.errors.reason" } });
    expect(
      (
        await post("admin", lia, {
          intent: "correct",
          platform: "OnlyFans",
          amount: "-34,56",
          reason: '=HYPERLINK("https://evil.example","refund")',
        })
      ).status,
    ).toBe(303);
    expect(
      (
        await post("admin", lia, {
          intent: "paid",
          paidOn: "2026-10-05",
          amount: "800,00",
          reference: "PIX 42",
        })
      ).status,
    ).toBe(303);
    const twice = await post("admin", lia, {
      intent: "paid",
      paidOn: "2026-10-05",
      amount: "800,00",
      reference: "PIX 42",
    });
    expect(twice.status).toBe(409);

    const mail = await db
      .select({ text: outbox.text, language: outbox.language })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, STATEMENT_MAIL_KIND),
          eq(outbox.recipient, `lia.${marker}@example.com`),
        ),
      );
    expect(mail).toEqual([expect.objectContaining({ language: "en" })]);
    expect(mail[0]!.text).not.toMatch(/\b(1[.,]?234|800|399)\b|R\$|OnlyFans|September|Moreira/);

    // Hers: the page, the PDF and the CSV, never stored by a cache.
    const page = await callRoute(herPage.loader, request("/dashboard/model/statements", "lia"));
    expect(page.headers.get("cache-control")).toBe("no-store");
    const shown = (page.data as { statements: { id: number; totals: unknown }[] }).statements;
    expect(shown.map((s) => s.id)).toEqual([liaStatement!.id]);
    // 1,200.00 at 33.33 % = 399.96; her net 800.04.
    expect(shown[0]!.totals).toEqual({
      grossCents: 120_000,
      agencyCents: 39_996,
      netCents: 80_004,
    });

    const file = (who: string, id: number, format: string) =>
      callRoute(herFile.loader, request(`/dashboard/model/statements/${id}/${format}`, who), {
        id: String(id),
        format,
      });
    const pdf = await file("lia", liaStatement!.id, "pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    const text = (await pdfText(new Uint8Array(await pdf.response!.arrayBuffer()))).join("\n");
    expect(text).toContain("September 2026");
    expect(text).toContain("Lia Moreira Lima");
    expect(text).toContain("R$1,234.56");
    expect(text).toContain("R$800.04");
    expect(text).toContain("33.33%");

    const csv = await file("lia", liaStatement!.id, "csv");
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const rows = (await csv.response!.text()).split("\r\n");
    expect(rows[1]).toBe('"2026-09";"Earnings";"OnlyFans";"1234,56";""');
    // A reason typed as a formula stays text in her spreadsheet; a minus stays a number.
    expect(rows[2]).toBe(
      '"2026-09";"Correction";"OnlyFans";"-34,56";"\'=HYPERLINK(""https://evil.example"",""refund"")"',
    );
    expect(rows).toContain('"2026-09";"Net to the model";"";"800,04";""');

    // Another's statement by guessing ids: the same 404 as none at all, page and files.
    for (const format of ["pdf", "csv"]) {
      expect((await file("lia", melStatement!.id, format)).status).toBe(404);
      expect((await file("mel", liaStatement!.id, format)).status).toBe(404);
      expect((await file("lia", 999_999_999, format)).status).toBe(404);
    }
    expect((await file("lia", liaStatement!.id, "exe")).status).toBe(404);
    const melPage = await callRoute(herPage.loader, request("/dashboard/model/statements", "mel"));
    expect((melPage.data as { statements: { id: number }[] }).statements.map((s) => s.id)).toEqual([
      melStatement!.id,
    ]);
  });

  it("bounds the CSV import: 100,000 rows refused at once, 5,001 rows with a message", async () => {
    const importing = (form: FormData) =>
      callRoute(importRoute.action, request("/admin/statements/import", "admin", form));
    const huge = new FormData();
    huge.set("intent", "preview");
    huge.set("file", new File([`${lia};2026-10;OnlyFans;1,00\n`.repeat(100_000)], "huge.csv"));
    const started = performance.now();
    const refused = await importing(huge);
    expect(refused.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(2_000);

    const many = new FormData();
    many.set("intent", "preview");
    many.set("csv", `${lia};2026-10;A;1\n`.repeat(5_001));
    const tooMany = await importing(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.data).toMatchObject({ error: "statements.import.errors.tooManyRows" });

    const mixed = new FormData();
    mixed.set("intent", "store");
    mixed.set("csv", `${lia};2026-10;OnlyFans;1,00\n${lia};2026-10;@SUM(A1);2,00\n`);
    const wrong = await importing(mixed);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ valid: false, csv: "" });
    const october = await db
      .select()
      .from(statements)
      .where(and(eq(statements.submissionId, lia), eq(statements.month, "2026-10-01")));
    expect(october).toEqual([]);

    const clean = new FormData();
    clean.set("intent", "store");
    clean.set("csv", `${lia};2026-10;OnlyFans;1,00\n${mel};2026-10;Privacy;2,00\n`);
    const stored = await importing(clean);
    expect(stored.status).toBe(303);
    expect(stored.location).toBe("/admin/statements?month=2026-10&imported=2");
    const [liaOctober] = await db
      .select()
      .from(statements)
      .where(and(eq(statements.submissionId, lia), eq(statements.month, "2026-10-01")));
    const lines = await db
      .select()
      .from(statementLines)
      .where(eq(statementLines.statementId, liaOctober!.id));
    expect(lines.map((line) => [line.platform, line.grossCents])).toEqual([["OnlyFans", 100]]);
  });
});
