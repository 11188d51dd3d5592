import { sql, type SQL } from "drizzle-orm";

/**
 * Accent folding for the review list's search, as one `translate()` table: every Latin letter
 * of Latin-1 and Latin Extended-A whose canonical decomposition is an ASCII letter and marks
 * ("é" → "e", "Ñ" → "N"), plus the few that have none (ø, đ, ł). translate() is immutable, so the
 * folded text can be a generated column with an index; unaccent() is not (its dictionary can
 * change), and wrapping it in a function that claims otherwise would need the extension in every
 * database and a care for search_path. Decision record 049.
 */
function foldingTable() {
  let from = "ØøĐđŁł";
  let to = "OoDdLl";
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCodePoint(code);
    const base = letter.normalize("NFD").replace(/\p{M}/gu, "");
    if (base !== letter && /^[A-Za-z]$/.test(base)) {
      from += letter;
      to += base;
    }
  }
  return { from, to };
}

const table = foldingTable();
const plainOf = new Map([...table.from].map((letter, i) => [letter, table.to[i]!]));

/** Lower case without accents, in SQL: what the search column holds (schema.server.ts). */
export function foldSql(text: SQL) {
  return sql`lower(translate(${text}, ${sql.raw(`'${table.from}'`)}, ${sql.raw(`'${table.to}'`)}))`;
}

/** The same folding in JavaScript, for what is typed into the search box. */
export function foldText(text: string) {
  return [...text]
    .map((letter) => plainOf.get(letter) ?? letter)
    .join("")
    .toLowerCase();
}
