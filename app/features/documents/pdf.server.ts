import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * The product's documents as PDF (her signed contract, her monthly statement): a list of blocks
 * laid out on A4 pages by pdf-lib, in Noto Sans, so any name she types in any of the six languages
 * (and Greek or Cyrillic) prints as typed. The fonts are embedded whole (about 640 KB a
 * document): pdf-lib's subsetting drew most letters of Noto Sans as blanks (seen rendering a
 * contract with poppler's pdftoppm), while a text extractor still read them, so no test caught it. One layout for every document
 * keeps them looking like one agency's papers; callers say what is in them, never where.
 */

export type PdfBlock =
  | { kind: "title" | "heading" | "paragraph" | "listItem" | "note"; text: string }
  | {
      kind: "table";
      columns: readonly string[];
      rows: readonly (readonly string[])[];
      /** Per column; numbers read best aligned right. */
      align?: readonly ("left" | "right")[];
      /** Rows drawn in bold (a total). */
      boldRows?: readonly number[];
    }
  | { kind: "fields"; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: "pageBreak" };

export interface PdfDocumentInput {
  /** The document's title: in its metadata and at the foot of every page. */
  title: string;
  /** Its language (BCP 47), in its metadata for screen readers and search. */
  language: string;
  blocks: readonly PdfBlock[];
  /** Printed at the foot of every page before "page/pages" (e.g. the agency's name). */
  footer?: string;
  /** Fixed for documents that must come out byte for byte the same; else now. */
  createdAt?: Date;
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = { x: 56, top: 64, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.x;
const INK = rgb(0.11, 0.11, 0.13);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.82, 0.82, 0.85);

const STYLE = {
  title: { size: 18, leading: 24, bold: true, before: 0, after: 10 },
  heading: { size: 12.5, leading: 17, bold: true, before: 10, after: 4 },
  paragraph: { size: 10, leading: 14.5, bold: false, before: 0, after: 7 },
  listItem: { size: 10, leading: 14.5, bold: false, before: 0, after: 3 },
  note: { size: 8.5, leading: 12, bold: false, before: 0, after: 6 },
} as const;
const CELL = { size: 9, leading: 12.5, padding: 4 };

const fontFile = (weight: "400Regular" | "700Bold") =>
  createRequire(import.meta.url).resolve(
    `@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`,
  );
let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;
const fontBytes = () =>
  (fonts ??= Promise.all([readFile(fontFile("400Regular")), readFile(fontFile("700Bold"))]));

/**
 * What a PDF text run can hold: line breaks become spaces (the layout breaks lines itself), other
 * control characters go, so a typed name can never move text around the page.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return text.replace(/[\r\n\t]+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

/** The text broken into lines that fit `width` at `size`; a word longer than a line is cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of printable(text).split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    // A word wider than the line (a hash, a long address): cut it where it must be cut.
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/** Lays the blocks out page after page and returns the PDF's bytes. */
export async function renderPdf(input: PdfDocumentInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await fontBytes();
  const regular = await pdf.embedFont(regularBytes, { subset: false });
  const bold = await pdf.embedFont(boldBytes, { subset: false });
  const createdAt = input.createdAt ?? new Date();
  pdf.setTitle(printable(input.title), { showInWindowTitleBar: true });
  pdf.setLanguage(input.language);
  pdf.setCreator("Maré Talent");
  pdf.setProducer("Maré Talent");
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN.top;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN.bottom) newPage();
  };
  const write = (text: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(text, { x, y: y - size, size, font, color });

  for (const block of input.blocks) {
    if (block.kind === "pageBreak") {
      newPage();
      continue;
    }
    if (block.kind === "table") {
      drawTable(block);
      continue;
    }
    if (block.kind === "fields") {
      drawFields(block.rows);
      continue;
    }
    const style = STYLE[block.kind];
    const font = style.bold ? bold : regular;
    const indent = block.kind === "listItem" ? 14 : 0;
    const lines = wrapText(block.text, font, style.size, CONTENT_WIDTH - indent);
    y -= style.before;
    // A heading never ends a page alone: it moves on with its first lines.
    ensure(style.leading * Math.min(lines.length, 2) + (block.kind === "heading" ? 30 : 0));
    lines.forEach((line, index) => {
      ensure(style.leading);
      if (block.kind === "listItem" && index === 0) write("•", MARGIN.x + 3, style.size, font);
      write(line, MARGIN.x + indent, style.size, font, block.kind === "note" ? MUTED : INK);
      y -= style.leading;
    });
    y -= style.after;
  }

  function drawFields(rows: readonly (readonly [string, string])[]) {
    const labelWidth = CONTENT_WIDTH * 0.34;
    for (const [label, value] of rows) {
      const labelLines = wrapText(label, bold, CELL.size, labelWidth - 8);
      const valueLines = wrapText(value, regular, CELL.size, CONTENT_WIDTH - labelWidth);
      const height = Math.max(labelLines.length, valueLines.length) * CELL.leading;
      ensure(height + 6);
      labelLines.forEach((line, i) =>
        page.drawText(line, {
          x: MARGIN.x,
          y: y - CELL.size - i * CELL.leading,
          size: CELL.size,
          font: bold,
          color: MUTED,
        }),
      );
      valueLines.forEach((line, i) =>
        page.drawText(line, {
          x: MARGIN.x + labelWidth,
          y: y - CELL.size - i * CELL.leading,
          size: CELL.size,
          font: regular,
          color: INK,
        }),
      );
      y -= height + 6;
    }
    y -= 4;
  }

  function drawTable(table: Extract<PdfBlock, { kind: "table" }>) {
    const count = table.columns.length;
    // Each column as wide as its longest word or header asks, within the page: the widths are
    // shared out in proportion to what each column holds.
    const wants = table.columns.map((column, c) => {
      const cells = [column, ...table.rows.map((row) => row[c] ?? "")];
      return Math.max(
        24,
        ...cells.map((cell) => Math.min(200, bold.widthOfTextAtSize(printable(cell), CELL.size))),
      );
    });
    const total = wants.reduce((sum, want) => sum + want + 2 * CELL.padding, 0);
    const widths = wants.map((want) => ((want + 2 * CELL.padding) / total) * CONTENT_WIDTH);
    const drawRow = (cells: readonly string[], font: PDFFont, shade: boolean) => {
      const wrapped = cells.map((cell, c) =>
        wrapText(cell, font, CELL.size, widths[c]! - 2 * CELL.padding),
      );
      const height =
        Math.max(...wrapped.map((lines) => lines.length)) * CELL.leading + 2 * CELL.padding;
      return { wrapped, height, font, shade };
    };
    const header = drawRow(table.columns, bold, true);
    const paint = (row: ReturnType<typeof drawRow>) => {
      if (row.shade) {
        page.drawRectangle({
          x: MARGIN.x,
          y: y - row.height,
          width: CONTENT_WIDTH,
          height: row.height,
          color: rgb(0.95, 0.95, 0.96),
        });
      }
      let x = MARGIN.x;
      row.wrapped.forEach((lines, c) => {
        lines.forEach((line, i) => {
          const width = row.font.widthOfTextAtSize(line, CELL.size);
          const right = table.align?.[c] === "right";
          page.drawText(line, {
            x: right ? x + widths[c]! - CELL.padding - width : x + CELL.padding,
            y: y - CELL.padding - CELL.size - i * CELL.leading + 2,
            size: CELL.size,
            font: row.font,
            color: INK,
          });
        });
        x += widths[c]!;
      });
      y -= row.height;
      page.drawLine({
        start: { x: MARGIN.x, y },
        end: { x: MARGIN.x + CONTENT_WIDTH, y },
        thickness: 0.5,
        color: RULE,
      });
    };
    ensure(header.height * 2);
    paint(header);
    table.rows.forEach((cells, index) => {
      const row = drawRow(
        Array.from({ length: count }, (_, c) => cells[c] ?? ""),
        table.boldRows?.includes(index) ? bold : regular,
        false,
      );
      if (y - row.height < MARGIN.bottom) {
        newPage();
        paint(header); // the header again on every page the table runs on
      }
      paint(row);
    });
    y -= 10;
  }

  // The foot of every page: the document, the footer line, and "page n/N".
  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const left = printable([input.title, input.footer].filter(Boolean).join(" · "));
    const size = 7.5;
    const right = `${index + 1}/${pages.length}`;
    each.drawLine({
      start: { x: MARGIN.x, y: MARGIN.bottom - 24 },
      end: { x: PAGE.width - MARGIN.x, y: MARGIN.bottom - 24 },
      thickness: 0.5,
      color: RULE,
    });
    const room = CONTENT_WIDTH - regular.widthOfTextAtSize(right, size) - 12;
    each.drawText(wrapText(left, regular, size, room)[0]!, {
      x: MARGIN.x,
      y: MARGIN.bottom - 36,
      size,
      font: regular,
      color: MUTED,
    });
    each.drawText(right, {
      x: PAGE.width - MARGIN.x - regular.widthOfTextAtSize(right, size),
      y: MARGIN.bottom - 36,
      size,
      font: regular,
      color: MUTED,
    });
  });
  return pdf.save();
}

/** The headers of a PDF download: never cached (it holds her data), saved under its name. */
export function pdfHeaders(fileName: string): HeadersInit {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]+/g, "-");
  return {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
