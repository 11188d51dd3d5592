import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "#app/test/pdf-text.ts";
import { printable, renderPdf } from "./pdf.server.ts";

describe("renderPdf", () => {
  it("prints every language's letters as typed, with the title and language in its metadata", async () => {
    const names = "Ana Conceição · Åsa Öberg · Jürgen Groß · Niccolò · Ñandú · Σοφία · Дарья";
    const bytes = await renderPdf({
      title: "Contrato de agenciamento",
      language: "pt-BR",
      footer: "Maré Talent",
      blocks: [
        { kind: "title", text: "Contrato de agenciamento" },
        { kind: "heading", text: "1. Partes" },
        { kind: "paragraph", text: names },
        { kind: "listItem", text: "Primeiro item da lista" },
        { kind: "fields", rows: [["SHA-256", "ab".repeat(32)]] },
      ],
      createdAt: new Date("2026-11-29T12:00:00Z"),
    });
    const [page] = await pdfText(bytes);
    expect(page).toContain(names);
    expect(page).toContain("1. Partes");
    expect(page).toContain("• Primeiro item da lista".replace("• ", ""));
    // A 64-character hash is cut to fit the column, never drawn past the page's edge; read back
    // without the breaks it is whole.
    expect(page!.replace(/\s/g, "")).toContain("ab".repeat(32));
    expect(page).toContain("Contrato de agenciamento · Maré Talent");
    expect(page).toContain("1/1");
    const document = await PDFDocument.load(bytes);
    expect(document.getTitle()).toBe("Contrato de agenciamento");
    expect(document.getCreationDate()?.toISOString()).toBe("2026-11-29T12:00:00.000Z");
  });

  it("runs a long table over pages, its header on each, and numbers every page", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Plataforma ${i + 1}`, `R$ ${i},00`]);
    const bytes = await renderPdf({
      title: "Extrato",
      language: "pt-BR",
      blocks: [{ kind: "table", columns: ["Plataforma", "Bruto"], rows, align: ["left", "right"] }],
    });
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain("Plataforma Bruto");
      expect(page).toContain(`${index + 1}/${pages.length}`);
    }
    expect(pages.join("\n")).toContain("Plataforma 120 R$ 119,00");
  });

  it("keeps a typed text from moving things around: no control characters reach the page", async () => {
    expect(printable("Ana\r\nMaria\u0000\u0007\u202e")).toBe("Ana Maria\u202e");
    const bytes = await renderPdf({
      title: "T",
      language: "en",
      blocks: [{ kind: "paragraph", text: "Ana\nMaria\u0000" }],
    });
    expect((await pdfText(bytes))[0]).toContain("Ana Maria");
  });
});
