import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { submissions } from "#app/db/schema.server.ts";
import { exportAccessLog } from "#app/features/reports/access-report.server.ts";
import { exportSubmissions } from "#app/features/submissions/export.server.ts";
import { insertApplication, insertAccount, insertAffiliate } from "#app/test/factories.ts";
import { closeAppDatabase, openAppDatabase } from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { findSoffice, openInCalc, type SheetCell } from "#app/test/spreadsheet.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Formula injection through the separator (issue 24, finding 3), performed as the attacker
 * would: she applies under a name that holds a formula after a `;` (or an editor titles an
 * article so), a reviewer exports the list, and opens the file in a spreadsheet whose list
 * separator is `;` (pt-BR, es, de, it, sv) or `,` (en-US). Before the fix `Ana;=1+1;Souza` went
 * out unquoted in a comma-separated file, and a `;` spreadsheet made `=1+1` a formula cell. The
 * judge is a real spreadsheet program, LibreOffice Calc, with formulas evaluated: no cell may be
 * a formula, whichever separator it splits on; with `;` (the agency's, product.md section 7) every
 * value lands in its own column, accents intact, and the times read as Brasília times.
 */

const soffice = findSoffice();
if (!soffice && !process.env.CI) {
  console.warn(
    "csv-formula-injection: LibreOffice (soffice) is not installed; skipped. " +
      "Debian: apt-get install --no-install-recommends libreoffice-calc-nogui",
  );
}

/** Names and titles that a spreadsheet would run, under one separator or another. */
const hostile = [
  "Ana;=1+1;Souza",
  '=HYPERLINK("http://x")',
  "Bea,@SUM(1)",
  "-2+3",
  "+1+1",
  "@SUM(1+1)",
  "\t=1+1",
  "\r=1+1",
  "Carla\r\n=1+1",
  'Dani;"=1+1"',
  "Eva, =1+1",
  "Fê;+1;-1;@x",
] as const;

/** The applications' columns, in their order (a `;` spreadsheet shows exactly these). */
const applicationColumns = [
  "id",
  "created_at (Brasília time)",
  "status",
  "rejection_reason",
  "source",
  "language",
  "full_name",
  "email",
  "phone",
  "whatsapp",
  "instagram",
  "age",
  "date_of_birth",
  "country",
  "city",
  "experience",
  "message",
  "document_last_digits",
  "referral_code",
  "affiliate_code",
  "self_referral_code",
  "consent_version",
  "consented_at (Brasília time)",
  "erased_at (Brasília time)",
  "owner",
  "tags",
  "average_rating",
];

const accessColumns = [
  "id",
  "created_at (Brasília time)",
  "actor_id",
  "actor_name",
  "actor_role",
  "action",
  "action_label",
  "subject",
  "ip",
  "details",
];

/** Brazil keeps UTC−3 all year since 2019: the time a Brasília clock showed, as Calc stores it. */
const brasilia = (date: Date) => new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 19);

/** The text a cell shows, without the apostrophes the export puts before a would-be formula. */
const unguarded = (text: string) => text.replaceAll("'", "");

/** Every cell Calc made a formula, with where it is: none is the only right answer. */
const formulas = (sheet: SheetCell[][]) =>
  sheet.flatMap((row, r) =>
    row.flatMap((cell, c) =>
      cell.formula ? [`row ${r + 1}, column ${c + 1}: ${cell.formula}`] : [],
    ),
  );

describe.skipIf(!soffice && !process.env.CI).each(routeTestTargets)(
  "formulas typed into an application or an article title, exported as CSV, on %s",
  (_name, kind) => {
    const marker = randomBytes(4).toString("hex");
    const email = (name: string) => `${marker}-${name}.${marker}@example.com`;
    const staffId = `staff-${marker}`;
    let db: Database;
    let files: { applications: Uint8Array; access: Uint8Array };

    beforeAll(async () => {
      db = await openAppDatabase(kind);
      await insertAccount(db, {
        id: staffId,
        name: "Ana;=1+1;Souza",
        email: email("staff"),
        role: "admin",
      });
      await insertAffiliate(db, {
        userId: await insertAccount(db, {
          id: `aff-${marker}`,
          name: "Afiliada",
          email: email("aff"),
          role: "affiliate",
        }),
        referralCode: `ref${marker}`,
      });
      for (const [i, name] of hostile.entries()) {
        await insertApplication(db, {
          source: "form",
          language: "pt",
          fullName: name,
          email: email(`h${i}`),
          age: 22,
          whatsapp: "+5548999990000",
          instagram: "@ana",
          experience: "-1",
          message: name,
          consentVersion: "=1+1;2026-01",
        });
        // An editor deletes an article of that title: the title is in the access log's details.
        await recordAccess(db, "content.delete", {
          actor: { id: staffId, ip: "203.0.113.5" },
          subject: `post:${marker}-${i}`,
          details: { title: name },
        });
      }
      // A chatbot applicant gives her phone, country, city, date of birth and document, through
      // an affiliate's link; and a name with accents.
      await insertApplication(db, {
        source: "chatbot",
        language: "pt",
        fullName: "Lúcia Conceição Müller",
        email: email("lucia"),
        dateOfBirth: "2001-04-09",
        phone: "+5548991234567",
        country: "BR",
        city: "Florianópolis",
        message: "Olá; tudo bem?",
        document: "AB1234567",
        referralCode: `ref${marker}`,
        consentVersion: "2026-01",
      });
      const bytes = async (stream: ReadableStream<Uint8Array>) =>
        new Uint8Array(await new Response(stream).arrayBuffer());
      files = {
        applications: await bytes(
          await exportSubmissions(db, { search: `${marker}-` }, { id: staffId }),
        ),
        access: await bytes(
          await exportAccessLog(db, { actor: marker, action: "content.delete" }, { id: staffId }),
        ),
      };
    }, paced(60_000));

    afterAll(closeAppDatabase);

    it(
      "gives no formula to a spreadsheet whose separator is `,`",
      async () => {
        expect(soffice, "LibreOffice (soffice) is required in CI").toBeTruthy();
        const sheets = await openInCalc(soffice!, files, ",");
        expect(formulas(sheets.applications)).toEqual([]);
        expect(formulas(sheets.access)).toEqual([]);
        // The file was read at all: every hostile name is somewhere in it.
        const text = sheets.applications.flat().map((cell) => unguarded(cell.text));
        expect(text.some((cell) => cell.includes("HYPERLINK"))).toBe(true);
      },
      paced(120_000),
    );

    it(
      "gives no formula to a `;` spreadsheet, and every value lands in its column",
      async () => {
        expect(soffice, "LibreOffice (soffice) is required in CI").toBeTruthy();
        const sheets = await openInCalc(soffice!, files, ";");
        expect(formulas(sheets.applications)).toEqual([]);
        expect(formulas(sheets.access)).toEqual([]);

        // The applications: the header as it is, then one row per application, none wider.
        const [header, ...rows] = sheets.applications;
        expect(header!.map((cell) => cell.text)).toEqual(applicationColumns);
        expect(rows).toHaveLength(hostile.length + 1);
        const at = (row: SheetCell[], column: string) => row[applicationColumns.indexOf(column)]!;
        for (const row of rows) {
          expect(row.slice(applicationColumns.length).every((cell) => cell.text === "")).toBe(true);
        }
        const byEmail = (address: string) =>
          rows.find((row) => at(row, "email").text === address) ?? [];
        for (const [i, name] of hostile.entries()) {
          const row = byEmail(email(`h${i}`));
          // The whole name in its cell (a line break in it is a line of that cell).
          expect(unguarded(at(row, "full_name").text), JSON.stringify(name)).toBe(
            name.replace(/\r\n?/g, "\n"),
          );
          expect(unguarded(at(row, "message").text)).toBe(name.replace(/\r\n?/g, "\n"));
          expect(at(row, "status").text).toBe("Pendente");
          expect(at(row, "consent_version").text).toMatch(/^'=1\+1;2026-01/);
        }

        // What the chatbot applicant gave, each in its column; the document only by its last digits.
        const lucia = byEmail(email("lucia"));
        const [stored] = await db
          .select({ createdAt: submissions.createdAt, consentedAt: submissions.consentedAt })
          .from(submissions)
          .where(eq(submissions.email, email("lucia")));
        expect(at(lucia, "full_name").text).toBe("Lúcia Conceição Müller");
        expect(at(lucia, "source").text).toBe("chatbot");
        expect(unguarded(at(lucia, "phone").text)).toBe("+5548991234567");
        expect(at(lucia, "country").text).toBe("BR");
        expect(at(lucia, "city").text).toBe("Florianópolis");
        expect(at(lucia, "message").text).toBe("Olá; tudo bem?");
        expect(at(lucia, "date_of_birth").date).toBe("2001-04-09");
        expect(at(lucia, "document_last_digits").text).toBe("•••4567");
        expect(lucia.map((cell) => cell.text).join(" ")).not.toContain("AB1234567");
        expect(at(lucia, "referral_code").text).toBe(`ref${marker}`);
        expect(at(lucia, "affiliate_code").text).toBe(`ref${marker}`);
        expect(at(lucia, "self_referral_code").text).toBe("");
        expect(at(lucia, "consent_version").text).toMatch(/^2026-01/);
        // Times a Portuguese spreadsheet reads as date and time, on the agency's clock.
        expect(at(lucia, "created_at (Brasília time)").date).toBe(brasilia(stored!.createdAt));
        expect(at(lucia, "consented_at (Brasília time)").date).toBe(brasilia(stored!.consentedAt));

        // The access report: the staff member's name and each article's title, where they belong.
        const [accessHeader, ...entries] = sheets.access;
        expect(accessHeader!.map((cell) => cell.text)).toEqual(accessColumns);
        expect(entries).toHaveLength(hostile.length);
        const column = (name: string) => accessColumns.indexOf(name);
        for (const entry of entries) {
          expect(entry.slice(accessColumns.length).every((cell) => cell.text === "")).toBe(true);
          expect(unguarded(entry[column("actor_name")]!.text)).toBe("Ana;=1+1;Souza");
          expect(entry[column("action")]!.text).toBe("content.delete");
          expect(entry[column("ip")]!.text).toBe("203.0.113.5");
          expect(entry[column("created_at (Brasília time)")]!.date).toMatch(/^\d{4}-\d\d-\d\dT/);
        }
        const titles = entries.map(
          (entry) => JSON.parse(unguarded(entry[column("details")]!.text)) as { title: string },
        );
        expect(titles.map((details) => details.title).sort()).toEqual([...hostile].sort());
      },
      paced(120_000),
    );
  },
);
