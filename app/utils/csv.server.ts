import { compressedDownload } from "./compress.server.ts";

/** A column of an export: its name in the header row, and how a row gives its cell. */
export type CsvColumn<Row> = readonly [name: string, read: (row: Row) => unknown];

/**
 * One CSV cell. Quoted when it holds a comma, quote or line break; and a text starting with
 * = + - @ (or a tab/return) gets a leading apostrophe, so a spreadsheet never runs it as a
 * formula someone typed into a form.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** About this much text goes out at a time: few chunks, and never a whole export in memory. */
const CHUNK_CHARS = 64 * 1024;

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
  const line = (cells: readonly unknown[]) => cells.join(",") + "\r\n";
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
        text += line(columns.map(([, read]) => csvCell(read(next.value))));
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
