import { parse } from "csv-parse/sync";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import type { Actor } from "#app/db/access-log.server.ts";
import { modelContracts, statements, submissions } from "#app/db/schema.server.ts";
import { firstNameAndInitial } from "#app/features/staff-alerts/alerts.server.ts";
import { storableText } from "#app/utils/text.ts";
import { monthEnd, monthStart, parseAmount } from "./money.ts";
import { checkPlatform, type PlatformError } from "./platform.ts";
import { recordEarnings } from "./statements.server.ts";

/*
 * A month's earnings from a spreadsheet (issue 30): one row per platform and model, columns
 * "application id or e-mail; month; platform; gross". The whole file is checked and shown back
 * with each row's errors before anything is stored, and stored all or nothing. A cell is only
 * ever read as text: a formula (= + - @) is refused, never evaluated.
 */

/** The most rows one import may carry: a month of the agency's models, many times over. */
export const MAX_IMPORT_ROWS = 5_000;

export type ImportRowError =
  | "columns"
  | "identity"
  | "unknown"
  | "month"
  | PlatformError
  | "amount"
  | "ambiguous"
  | "tooLarge"
  | "negative"
  | "noContract"
  | "published"
  | "duplicate";

export type ImportFileError = "empty" | "tooManyRows" | "malformed";

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  identity: string;
  month: string | null;
  platform: string;
  grossCents: number | null;
  submissionId: number | null;
  name: string | null;
  errors: ImportRowError[];
}

export type ImportPreview =
  { ok: false; error: ImportFileError } | { ok: true; rows: ImportRow[]; valid: boolean };

/** "2026-10", "2026-10-01", "10/2026" or "10-2026": the month's first day, or null. */
function readMonth(cell: string): string | null {
  const slashed = /^(\d{1,2})[/-](\d{4})$/.exec(cell.trim());
  if (slashed) return monthStart(`${slashed[2]}-${slashed[1]!.padStart(2, "0")}`);
  return monthStart(cell);
}

/** Counts line breaks without splitting: a file of a million rows is refused in a millisecond. */
function tooManyLines(text: string, max: number): boolean {
  let lines = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) {
    if (++lines > max) return true;
  }
  return false;
}

function parseRecords(text: string): string[][] | null {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // A Portuguese spreadsheet saves with `;` (its decimal mark is the comma); others with `,`.
  const delimiter = firstLine.includes(";") ? ";" : firstLine.includes("\t") ? "\t" : ",";
  try {
    return parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      // A quote inside a cell that was not quoted is kept as text (a formula's argument).
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 4_096,
    }) as string[][];
  } catch {
    return null;
  }
}

/** Whether a first row names the columns rather than giving an amount. */
const isHeader = (record: string[]) => !parseAmount(record[3] ?? "").ok;

/**
 * Reads a file of earnings and checks every row against the database: the application (its id,
 * or the e-mail of an application not erased), the month, the platform, the amount, her
 * contract in force that month, a month already published, a row given twice.
 */
export async function previewImport(db: Database, input: string): Promise<ImportPreview> {
  const text = storableText(input);
  if (!text.trim()) return { ok: false, error: "empty" };
  // The header, the rows, and a last line break.
  if (tooManyLines(text, MAX_IMPORT_ROWS + 1)) return { ok: false, error: "tooManyRows" };
  const records = parseRecords(text);
  if (!records) return { ok: false, error: "malformed" };
  const header = records[0] && isHeader(records[0]) ? 1 : 0;
  const body = records.slice(header);
  if (body.length === 0) return { ok: false, error: "empty" };
  if (body.length > MAX_IMPORT_ROWS) return { ok: false, error: "tooManyRows" };

  const rows: ImportRow[] = body.map((record, index) => {
    const [identity = "", monthCell = "", platformCell = "", grossCell = ""] = record;
    const errors: ImportRowError[] = [];
    if (record.length < 4) errors.push("columns");
    const month = readMonth(monthCell);
    if (!month) errors.push("month");
    const platform = checkPlatform(platformCell);
    if (!platform.ok) errors.push(platform.error);
    const amount = parseAmount(grossCell);
    let grossCents: number | null = null;
    if (!amount.ok)
      errors.push(amount.error === "empty" || amount.error === "invalid" ? "amount" : amount.error);
    else if (amount.cents < 0) errors.push("negative");
    else grossCents = amount.cents;
    return {
      line: index + 1 + header,
      identity: identity.slice(0, 200),
      month,
      platform: platformCell.slice(0, 200),
      grossCents,
      submissionId: null,
      name: null,
      errors,
    };
  });

  // Who each row is: an application's id, or the e-mail of one (not erased).
  const ids = new Set<number>();
  const emails = new Set<string>();
  for (const row of rows) {
    if (/^[1-9]\d{0,14}$/.test(row.identity)) ids.add(Number(row.identity));
    else if (/^[^\s@]+@[^\s@]+$/.test(row.identity)) emails.add(row.identity.toLowerCase());
  }
  const found = [
    ...(ids.size
      ? await db
          .select({
            id: submissions.id,
            email: submissions.emailNormalized,
            name: submissions.fullName,
          })
          .from(submissions)
          .where(and(inArray(submissions.id, [...ids]), isNull(submissions.erasedAt)))
      : []),
    ...(emails.size
      ? await db
          .select({
            id: submissions.id,
            email: submissions.emailNormalized,
            name: submissions.fullName,
          })
          .from(submissions)
          .where(
            and(inArray(submissions.emailNormalized, [...emails]), isNull(submissions.erasedAt)),
          )
      : []),
  ];
  const candidates = [...new Set(found.map((application) => application.id))];
  const [contracts, published] = candidates.length
    ? await Promise.all([
        db
          .select({ submissionId: modelContracts.submissionId, startsOn: modelContracts.startsOn })
          .from(modelContracts)
          .where(
            and(
              inArray(modelContracts.submissionId, candidates),
              inArray(modelContracts.state, ["signed", "countersigned"]),
            ),
          ),
        db
          .select({ submissionId: statements.submissionId, month: statements.month })
          .from(statements)
          .where(
            and(inArray(statements.submissionId, candidates), eq(statements.state, "published")),
          ),
      ])
    : [[], []];
  const inForce = (submissionId: number, month: string) =>
    contracts.some((c) => c.submissionId === submissionId && c.startsOn <= monthEnd(month));
  const publishedMonths = new Set(published.map((s) => `${s.submissionId}:${s.month}`));
  const names = new Map(found.map((application) => [application.id, application.name]));

  const seen = new Set<string>();
  for (const row of rows) {
    const matches = /^[1-9]\d{0,14}$/.test(row.identity)
      ? found.filter((application) => application.id === Number(row.identity))
      : /@/.test(row.identity)
        ? found.filter((application) => application.email === row.identity.toLowerCase())
        : null;
    if (matches === null) {
      row.errors.push("identity");
      continue;
    }
    if (matches.length === 0) {
      row.errors.push("unknown");
      continue;
    }
    if (!row.month) continue;
    // An address with several applications: the one with a contract that month.
    const application = matches.find((match) => inForce(match.id, row.month!));
    if (!application) {
      row.errors.push("noContract");
      continue;
    }
    row.submissionId = application.id;
    row.name = firstNameAndInitial(names.get(application.id) ?? "");
    if (publishedMonths.has(`${application.id}:${row.month}`)) row.errors.push("published");
    // The same platform twice for her month (a line pasted twice); rows wrong anyway aside.
    if (row.errors.length) continue;
    const key = `${application.id}:${row.month}:${row.platform.trim().toLowerCase()}`;
    if (seen.has(key)) row.errors.push("duplicate");
    seen.add(key);
  }
  return { ok: true, rows, valid: rows.every((row) => row.errors.length === 0) };
}

/**
 * Checks the file again (the preview's page may be old, another may have published since) and
 * stores its rows only when none has an error, in one transaction.
 */
export async function storeImport(db: Database, actor: Actor, text: string) {
  const preview = await previewImport(db, text);
  if (!preview.ok || !preview.valid) return { stored: false as const, preview };
  const outcome = await recordEarnings(
    db,
    actor,
    preview.rows.map((row) => ({
      submissionId: row.submissionId!,
      month: row.month!,
      platform: checkPlatformText(row.platform),
      grossCents: row.grossCents!,
    })),
  );
  if (!outcome.ok) {
    const row = preview.rows[outcome.index]!;
    row.errors.push(
      outcome.error === "no-contract"
        ? "noContract"
        : outcome.error === "published"
          ? "published"
          : "unknown",
    );
    return { stored: false as const, preview: { ...preview, valid: false } };
  }
  return {
    stored: true as const,
    rows: preview.rows.length,
    statements: outcome.statementIds.length,
    month: preview.rows[0]?.month ?? null,
  };
}

const checkPlatformText = (value: string) => {
  const platform = checkPlatform(value);
  if (!platform.ok) throw new Error("a checked row's platform");
  return platform.value;
};
