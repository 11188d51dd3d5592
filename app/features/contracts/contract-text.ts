/**
 * A contract's text (issue 30; product.md section 8), browser-safe: the template's markup, its
 * variables, and the blocks the HTML view and the PDF both draw from the same parser, so what she
 * reads on screen and what is printed are the same words in the same order.
 *
 * The markup is deliberately small, so an admin who is no programmer writes it in a textarea:
 * a line starting with `## ` is a heading, a line starting with `- ` is a list item, and a blank
 * line separates paragraphs (lines of one paragraph are joined with a space). Nothing else is
 * special: no HTML, no links, no emphasis.
 */

export const contractVariables = [
  "legal_name",
  "document_last_digits",
  "agency_share",
  "start_date",
  "agency_legal_name",
  "agency_cnpj",
] as const;
export type ContractVariable = (typeof contractVariables)[number];
export type ContractValues = Record<ContractVariable, string>;

export const CONTRACT_TITLE_MAX = 200;
export const CONTRACT_BODY_MAX = 60_000;

export type ContractBlock = { kind: "heading" | "paragraph" | "listItem"; text: string };

const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names that are not one of the contract's variables, once each. */
export function unknownVariables(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(placeholder)) {
    if (!(contractVariables as readonly string[]).includes(name!)) unknown.add(`{{${name}}}`);
  }
  return [...unknown];
}

/**
 * Line endings made one, trailing spaces dropped, at most one blank line in a row: the stored
 * form of a template and of a contract's text, so its hash does not depend on the browser that
 * sent it.
 */
export function normalizeContractText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The template with her values, in one pass: a value that itself looks like `{{agency_cnpj}}`
 * (a name typed so) stays text, and a value's line breaks become spaces, so no value can start a
 * heading or a list item of its own. Unknown placeholders are refused when the template is
 * saved, so none is left here; one would be kept as written.
 */
export function fillContract(text: string, values: ContractValues): string {
  return normalizeContractText(
    text.replace(placeholder, (whole, name: string) =>
      (contractVariables as readonly string[]).includes(name)
        ? values[name as ContractVariable].replace(/\s+/g, " ").trim()
        : whole,
    ),
  );
}

/** The blocks of a text, in order: headings, list items and paragraphs. */
export function contractBlocks(text: string): ContractBlock[] {
  const blocks: ContractBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of normalizeContractText(text).split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (line.startsWith("## ")) {
      flush();
      blocks.push({ kind: "heading", text: line.slice(3).trim() });
    } else if (line.startsWith("- ")) {
      flush();
      blocks.push({ kind: "listItem", text: line.slice(2).trim() });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/**
 * A name as the signature compares it: without case, accents, or extra spaces, so "MARIA
 * JOSÉ  da Silva" is "Maria Jose da Silva" (a phone's keyboard may not offer her accents).
 */
export function comparableName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("pt-BR")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The agency's share as typed ("33.33", "33,33", "40"): basis points (3333), or null unless it is
 * 0–100 with at most two decimals.
 */
export function parseShare(value: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** Basis points as a percentage in a language ("33,33 %" in Portuguese, "33.33%" in English). */
export function formatShare(basisPoints: number, language: string): string {
  return new Intl.NumberFormat(language === "pt" ? "pt-BR" : language, {
    style: "percent",
    minimumFractionDigits: basisPoints % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}

/** A calendar day (YYYY-MM-DD) written out in a language, read as that day wherever it is read. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === "pt" ? "pt-BR" : language, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}
