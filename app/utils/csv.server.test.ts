import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "#app/test/hostile.ts";
import { csvCell, csvResponse, csvStream, type CsvColumn } from "./csv.server.ts";
import { keysetRows } from "./keyset.ts";

/** The characters that make a spreadsheet read a cell as a formula, when it starts with one. */
const TRIGGER = /^[=+\-@\t\r]/;

/** The cell's text, as a spreadsheet that honours the quotes reads it. */
const unquote = (cell: string) => cell.slice(1, -1).replaceAll('""', '"');

/**
 * Every cell a spreadsheet could make of the text by splitting it on `separator` (or at a line
 * break) without honouring the quotes, stripped of the spaces and quotes it may trim.
 */
const splitCells = (cell: string, separator: RegExp) =>
  cell.split(separator).map((part) => part.replace(/^[ "]+/, ""));

describe("a CSV cell", () => {
  it("is always quoted, so neither `,` nor `;` splits it", () => {
    expect(csvCell("Ana")).toBe('"Ana"');
    expect(csvCell('Ana "Bia", Souza')).toBe('"Ana ""Bia"", Souza"');
    expect(csvCell("Ana; Souza")).toBe('"Ana; Souza"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("Lúcia Conceição")).toBe('"Lúcia Conceição"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(-3)).toBe('"-3"'); // a number the export computed, not typed text
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it.each([
    ["Ana;=1+1;Souza", "Ana;'=1+1;Souza"],
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["Bea,@SUM(1)", "Bea,'@SUM(1)"],
    ["-2+3", "'-2+3"],
    ["+5548999999999", "'+5548999999999"],
    ["@ana", "'@ana"],
    ["\t=1+1", "'\t'=1+1"],
    ["\r=1+1", "'\r'=1+1"],
    ["Carla\r\n=1+1", "Carla\r\n'=1+1"],
    ["Eva, =1+1", "Eva,' =1+1"],
    ['Dani;"=1+1"', 'Dani;\'"=1+1"'],
    ["Fê;+1;-1;@x", "Fê;'+1;'-1;'@x"],
    ["tab\t=1", "tab\t'=1"],
  ])("defuses %j, a formula under some separator", (typed, shown) => {
    expect(unquote(csvCell(typed))).toBe(shown);
  });

  it("leaves text that starts no formula as it is", () => {
    for (const text of ["Ana Souza", "a-b", "5 + 3", "ana@example.com", "1,5; 2,5", "x=1"]) {
      expect(unquote(csvCell(text))).toBe(text);
    }
  });

  it("never lets a spreadsheet start a formula, whatever it splits on", () => {
    fc.assert(
      fc.property(
        fc.oneof(hostileText, fc.stringMatching(/^[a-z =+\-@\t\r\n,;"']{0,12}$/)),
        (typed) => {
          const text = unquote(csvCell(typed));
          for (const separator of [/[,\r\n]/, /[;\r\n]/, /[\t\r\n]/, /\r\n|\r|\n/]) {
            for (const cell of splitCells(text, separator)) {
              expect(cell, JSON.stringify(typed)).not.toMatch(TRIGGER);
            }
          }
          // Nothing typed is lost: only apostrophes were added.
          expect(text.replaceAll("'", "")).toBe(typed.replaceAll("'", ""));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

type Row = { id: number; cursorCreatedAt: string; name: string };
const columns: CsvColumn<Row>[] = [
  ["id", (row) => row.id],
  ["name", (row) => row.name],
];
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    cursorCreatedAt: `2026-01-01 00:00:${String(i % 60).padStart(2, "0")}+00`,
    name: i === 0 ? 'Lúcia, "Lu"' : `Pessoa ${i + 1}`,
  }));

async function* from<T>(items: T[]) {
  yield* items;
}

describe("a streamed CSV file", () => {
  it("starts with a byte-order mark and the header, even without rows", async () => {
    const bytes = new Uint8Array(await new Response(csvStream(columns, from([]))).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('"id";"name"\r\n');
  });

  it("writes every row once, in order, in chunks of bounded size", async () => {
    const reader = csvStream(columns, from(rows(20_000))).getReader();
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(decoder.decode(read.value));
    }
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(70 * 1024);
    const lines = chunks.join("").trimEnd().split("\r\n");
    expect(lines[0]).toBe('"id";"name"');
    expect(lines[1]).toBe('"1";"Lúcia, ""Lu"""');
    expect(lines).toHaveLength(20_001);
    expect(lines.at(-1)).toBe('"20000";"Pessoa 20000"');
  });

  it("asks the source for no more than the client has taken, and stops it when cancelled", async () => {
    const asked: (number | undefined)[] = [];
    const all = rows(5000);
    const source = keysetRows(async (before, limit) => {
      asked.push(before?.id);
      const start = before ? all.findIndex((row) => row.id === before.id) + 1 : 0;
      return all.slice(start, start + limit);
    }, 1000);
    const reader = csvStream(columns, source).getReader();
    await reader.read(); // the header
    expect(asked).toEqual([]);
    await reader.read();
    expect(asked.length).toBeLessThan(5);
    await reader.cancel();
    expect(await source.next()).toEqual({ done: true, value: undefined });
  });

  it("is sent as a download that is never cached", async () => {
    const request = new Request("http://localhost/x.csv", {
      headers: { "accept-encoding": "identity" },
    });
    const response = csvResponse(request, csvStream(columns, from(rows(2))), "list-2026-03-01.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="list-2026-03-01.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe('"id";"name"\r\n"1";"Lúcia, ""Lu"""\r\n"2";"Pessoa 2"\r\n');
  });
});
