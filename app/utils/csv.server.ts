import { compressedDownload } from "./compress.server.ts";

/** A column of an export: its name in the header row, and how a row gives its cell. */
export type CsvColumn<Row> = readonly [name: string, read: (row: Row) => unknown];

/**
 * Where a spreadsheet may start a cell inside a text: at its start, and after a `,`, `;` or tab
 * (the list separator of one spreadsheet or another, should it split the field there) or a line
 * break, when what follows (past any spaces or quotes it may strip) is = + - @ tab or return.
 * Positions, not characters: a return both ends a part and starts the next one.
 */
const FORMULA_START = /(?<=^|[,;\t\r\n])(?=[ "]*[=+\-@\t\r])/g;

/**
 * One CSV cell, safe whatever the separator of the spreadsheet that opens it: always quoted (so
 * a `,` or `;` in it never splits it), and every part of a text that could start a cell as a
 * formula gets a leading apostrophe, so text typed into a form is never run. Numbers (ids,
 * ages) hold no formula, and stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === "string") text = text.replace(FORMULA_START, "'");
  return `"${text.replaceAll('"', '""')}"`;
}

/** About this much text goes out at a time: few chunks, and never a whole export in memory. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The separator a Portuguese spreadsheet splits on (its decimal mark is the comma), as those of
 * the other languages but English do (product.md section 7). No `sep=` line: Excel would then
 * ignore the byte-order mark and garble the accents.
 */
const SEPARATOR = ";";

/**
 * A CSV file, streamed: a byte-order mark (spreadsheet programs then read accents right), the
 * header row, then the rows as the source yields them, read only as fast as the client takes
 * them, so an export of a million rows never sits in memory. Lines end in CRLF (RFC 4180).
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (cells: readonly unknown[]) => cells.map(csvCell).join(SEPARATOR) + "\r\n";
  let iterator: AsyncIterator<Row> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!iterator) {
        iterator = rows[Symbol.asyncIterator]();
        controller.enqueue(encoder.encode(`\uFEFF${line(columns.map(([name]) => name))}`));
        return;
      }
      let text = "";
      while (text.length < CHUNK_CHARS) {
        const next = await iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          return controller.close();
        }
        text += line(columns.map(([, read]) => read(next.value)));
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}

/** A CSV stream as a download named `filename`, never cached, gzipped when the browser takes it. */
export function csvResponse(request: Request, body: ReadableStream<Uint8Array>, filename: string) {
  return compressedDownload(request, body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
