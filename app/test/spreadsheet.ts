import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";

/**
 * A real spreadsheet program as the judge of the CSV exports: LibreOffice Calc, headless (Debian's
 * libreoffice-calc-nogui; .ci/run installs it). It opens the files as a person's spreadsheet
 * would, with formulas evaluated, and saves them as flat XML, where a formula cell is marked.
 */

/** One cell as Calc read it: its text, its formula if Calc made it one, its date if it saw one. */
export interface SheetCell {
  text: string;
  formula: string | null;
  date: string | null;
}

/** The soffice program on the PATH (or Debian's), or null when LibreOffice is not installed. */
export function findSoffice(): string | null {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/bin"];
  return dirs.map((dir) => join(dir, "soffice")).find((path) => existsSync(path)) ?? null;
}

/** The CSV import options for a list separator: LibreOffice's "CSV filter options" tokens. */
function importOptions(separator: ";" | ",") {
  return [
    separator.charCodeAt(0), // 1: field separator
    34, // 2: text delimiter, "
    76, // 3: UTF-8
    1, // 4: first line to read
    "", // 5: column formats (none: Standard, as a double-click opens it)
    separator === ";" ? 1046 : 1033, // 6: language, Portuguese (Brazil) or English (US)
    "false", // 7: a quoted field is not forced to text (a spreadsheet reads "=1" as a formula)
    "true", // 8: detect dates and times, as Excel does
    "false", // 9, 10: export options
    "false",
    "false", // 11: keep spaces
    "", // 12: export option
    "true", // 13: evaluate formulas: a cell starting with = becomes a formula
  ].join(",");
}

const unescape = (xml: string) =>
  xml
    .replace(/<text:tab\/>/g, "\t")
    .replace(/<text:line-break\/>/g, "\n")
    .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n: string | undefined) =>
      " ".repeat(Number(n ?? 1)),
    )
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const attribute = (attributes: string, name: string) => {
  const value = new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
  return value === undefined ? null : unescape(value);
};

/** The first sheet of a flat ODF spreadsheet, as rows of cells (repeated empty cells expanded). */
export function readSheet(fods: string): SheetCell[][] {
  const table = /<table:table [\s\S]*?<\/table:table>/.exec(fods)?.[0] ?? "";
  const rows = table.matchAll(/<table:table-row\b[^>]*?(?:\/>|>([\s\S]*?)<\/table:table-row>)/g);
  return [...rows].map(([, content = ""]) =>
    [
      ...content.matchAll(/<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g),
    ].flatMap(([, attributes = "", inner = ""]) => {
      const paragraphs = [...inner.matchAll(/<text:p\b[^>]*?(?:\/>|>([\s\S]*?)<\/text:p>)/g)];
      const cell: SheetCell = {
        text: paragraphs.map(([, text = ""]) => unescape(text)).join("\n"),
        formula: attribute(attributes, "table:formula"),
        date: attribute(attributes, "office:date-value"),
      };
      const repeated = Number(attribute(attributes, "table:number-columns-repeated") ?? 1);
      return Array.from({ length: Math.min(repeated, 64) }, () => cell);
    }),
  );
}

/**
 * Opens CSV files in Calc with `separator` as the list separator (one run of soffice for all of
 * them, with a profile of its own so parallel runs never share one) and returns each file's sheet.
 */
export async function openInCalc<Name extends string>(
  soffice: string,
  files: Record<Name, Uint8Array>,
  separator: ";" | ",",
): Promise<Record<Name, SheetCell[][]>> {
  const dir = await mkdtemp(join(tmpdir(), "mare-calc-"));
  try {
    const names = Object.keys(files) as Name[];
    for (const name of names) await writeFile(join(dir, `${name}.csv`), files[name]);
    await promisify(execFile)(
      soffice,
      [
        `-env:UserInstallation=file://${join(dir, "profile")}`,
        "--headless",
        "--norestore",
        `--infilter=CSV:${importOptions(separator)}`,
        "--convert-to",
        "fods",
        "--outdir",
        join(dir, "out"),
        ...names.map((name) => join(dir, `${name}.csv`)),
      ],
      { timeout: 120_000 },
    );
    const sheets = {} as Record<Name, SheetCell[][]>;
    for (const name of names) {
      sheets[name] = readSheet(await readFile(join(dir, "out", `${name}.fods`), "utf8"));
    }
    return sheets;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
