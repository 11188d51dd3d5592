import { and, or, sql, type SQL } from "drizzle-orm";
import { foldText } from "#app/db/search-folding.ts";
import { submissions } from "#app/db/schema.server.ts";

/** Longer queries are cut here: no name, address or number is longer, and the work stays bounded. */
export const SEARCH_MAX_LENGTH = 100;

/** What a phone number may be typed with besides its digits: "+55 (48) 99912-3456". */
const PHONE_TYPING = /^[\d\s+().\-/]+$/;
/**
 * A trigram index needs three letters or digits in a row: "ana" does, "jo" and "a.b" do not
 * (pg_trgm would read the whole index for them).
 */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** `%`, `_` and `\` typed into the search box are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** Any part of her name, e-mail, handle, or of her phone numbers' digits: the trigram index. */
const contains = (text: string) => sql`${submissions.searchText} like ${`%${escapeLike(text)}%`}`;

/**
 * Text with an @ inside, an e-mail address whole or in part: its domain is in too many
 * applications ("gmail.com"; every one db:seed writes has "example.com") for the trigram index
 * to read quickly (150 ms at a million rows), so the index is asked for the part up to the @ and
 * each row it finds is checked against the whole text. Concatenating '' keeps the planner from
 * sending the whole pattern to the index as well.
 */
function containsAddress(folded: string) {
  const local = folded.slice(0, folded.indexOf("@") + 1);
  if (!TRIGRAM.test(local)) return contains(folded);
  return and(
    contains(local),
    sql`(${submissions.searchText} || '') like ${`%${escapeLike(folded)}%`}`,
  );
}

/** Digits only, so nothing to escape; matches the reversed expression index. */
function documentEndsWith(digits: string) {
  const reversed = [...digits].reverse().join("");
  return sql`reverse(${submissions.documentLastDigits}) like ${`${reversed}%`}`;
}

/**
 * The start of her e-mail or of her name: for one or two letters, which trigrams cannot find,
 * the prefix indexes can (schema.server.ts).
 */
function startsWith(text: string) {
  const pattern = `${escapeLike(text.toLowerCase())}%`;
  return [
    sql`${submissions.emailNormalized} like ${pattern}`,
    sql`lower(${submissions.fullName}) like ${pattern}`,
  ];
}

/** The box's text as searched: controls gone, spaces collapsed, bounded; "" when nothing is left. */
export function searchQuery(typed: string) {
  return typed
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, " ")
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
}

/**
 * Which applications the review list's search box keeps (reviewListScope), or undefined when
 * nothing is searched. Every branch maps onto an index, so no search reads the whole table:
 *  - a phone number typed any way with 4 digits or more: those digits anywhere in her phone or
 *    WhatsApp (and, at exactly 4, the document's last digits too);
 *  - 3 letters or digits in a row or more: any part of her name or surname, e-mail or Instagram,
 *    case and accents ignored ("jose" finds José; "@ana" and "ana" find @ana.souza);
 *  - shorter: the start of her name or e-mail, and 2 or 3 digits the end of her document's.
 * Decision record 049.
 */
export function searchCondition(typed: string): SQL | undefined {
  // The handle's @ is how she writes it, not part of what is looked for.
  const query = searchQuery(typed).replace(/^@+/, "").trim();
  if (!query) return undefined;
  const digits = query.replace(/\D/g, "");
  const phone = PHONE_TYPING.test(query);
  if (phone && digits.length >= 4) {
    return digits.length === 4 ? or(contains(digits), documentEndsWith(digits)) : contains(digits);
  }
  // Fewer digits are in too many numbers to be worth a trigram search ("123").
  const folded = foldText(query);
  if (!phone && TRIGRAM.test(folded)) {
    return folded.indexOf("@") > 0 ? containsAddress(folded) : contains(folded);
  }
  return or(...startsWith(query), ...(/^\d{2,3}$/.test(query) ? [documentEndsWith(query)] : []));
}
