import { describe, expect, it } from "vitest";
import {
  comparableName,
  contractBlocks,
  fillContract,
  formatShare,
  normalizeContractText,
  parseShare,
  unknownVariables,
  type ContractValues,
} from "./contract-text.ts";

const values: ContractValues = {
  legal_name: "Maria José da Silva",
  document_last_digits: "0909",
  agency_share: "33,33 %",
  start_date: "1 de dezembro de 2026",
  agency_legal_name: "Maré Talent Ltda.",
  agency_cnpj: "11.222.333/0001-81",
};

describe("a contract's text", () => {
  it("reads headings, list items and paragraphs, joining a paragraph's lines", () => {
    const text =
      "## 1. Objeto\r\nA agência representa\na modelo.\n\n- primeiro\n-  segundo \n\n\n\nFim.";
    expect(contractBlocks(text)).toEqual([
      { kind: "heading", text: "1. Objeto" },
      { kind: "paragraph", text: "A agência representa a modelo." },
      { kind: "listItem", text: "primeiro" },
      { kind: "listItem", text: "segundo" },
      { kind: "paragraph", text: "Fim." },
    ]);
    // A line that only looks like markup without its space stays text.
    expect(contractBlocks("##Nota\n-nota")).toEqual([{ kind: "paragraph", text: "##Nota -nota" }]);
  });

  it("names each unknown variable once, and accepts the six it has", () => {
    expect(unknownVariables("{{legal_name}} {{ agency_cnpj }} {{nome}} {{nome}} {{}}")).toEqual([
      "{{nome}}",
      "{{}}",
    ]);
    expect(
      unknownVariables(
        Object.keys(values)
          .map((name) => `{{${name}}}`)
          .join(" "),
      ),
    ).toEqual([]);
  });

  it("fills the variables in one pass: a value that looks like a variable stays text", () => {
    const filled = fillContract("Eu, {{legal_name}}, doc. final {{document_last_digits}}.", {
      ...values,
      legal_name: "{{agency_cnpj}}",
    });
    expect(filled).toBe("Eu, {{agency_cnpj}}, doc. final 0909.");
    // A value's line breaks cannot make a heading or a list item of their own.
    const name = fillContract("Eu, {{legal_name}}.", {
      ...values,
      legal_name: "Ana\n\n## Cláusula falsa\n- x",
    });
    expect(contractBlocks(name)).toEqual([
      { kind: "paragraph", text: "Eu, Ana ## Cláusula falsa - x." },
    ]);
  });

  it("stores one form whatever the browser sent: line endings, trailing spaces, blank runs", () => {
    expect(normalizeContractText("a  \r\n\r\n\r\nb\t\r\n")).toBe("a\n\nb");
  });

  it("compares names without case, accents or extra spaces", () => {
    expect(comparableName("  MARIA jose   DA silva ")).toBe(comparableName("Maria José da Silva"));
    expect(comparableName("Maria José da Silva")).not.toBe(comparableName("Maria José Silva"));
  });

  it("reads the agency's share as basis points: 0–100 with up to two decimals", () => {
    expect(parseShare("33.33")).toBe(3333);
    expect(parseShare("33,3")).toBe(3330);
    expect(parseShare("0")).toBe(0);
    expect(parseShare("100")).toBe(10_000);
    expect(parseShare(" 40 ")).toBe(4000);
    for (const bad of ["100.01", "101", "-1", "33.333", "1e2", "", "abc", "33%"]) {
      expect(parseShare(bad), bad).toBeNull();
    }
    expect(formatShare(3333, "pt")).toMatch(/^33,33\s?%$/);
    expect(formatShare(3000, "en")).toBe("30%");
  });
});
