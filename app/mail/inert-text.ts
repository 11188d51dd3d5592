/**
 * Text a visitor typed, made safe to print in a mail (subject, HTML and plain text alike): no
 * mail program can turn any of it into a link. Mail programs link more than `<a href>`: Gmail,
 * Outlook, Apple Mail and phones link `https://…`, `www.…`, `evil.example` and `ana@evil.example`
 * wherever they appear in a message's text, so an applicant "named"
 * `https://evil.example/reset-your-password` got a clickable link inside a genuine agency mail.
 *
 * After every character that a link is made of — a dot, a colon, an at sign, a slash, or
 * anything that Unicode (NFKC) or a browser (IDNA) reads as one: `。`, `．`, `＠`, `⒈` … — that is
 * followed by more of the word, a thin space (U+2009) goes in: `evil. example`,
 * `https: / / evil. example/ reset`, `ana@ evil. example`. A reader still reads what was typed; a linkifier, which never takes a
 * space into an address, finds no host with a domain, no scheme and no mail address. A
 * zero-width character would not do: linkifiers treat it as a letter and browsers drop it from
 * a host name (`evil.⁠example` opens evil.example). Direction overrides, which could show the
 * text in another order than it is read, are dropped, and line breaks become spaces: a value is
 * one line of text, never a paragraph of its own.
 */
export function inertText(value: string): string {
  let out = "";
  const characters = [...value.replace(BIDI_CONTROLS, "").replace(/\s+/g, " ")];
  characters.forEach((character, index) => {
    out += character;
    const next = characters[index + 1];
    if (next !== undefined && !/\s/.test(next) && makesLinks(character)) out += THIN_SPACE;
  });
  return out;
}

const THIN_SPACE = "\u2009";

/** Marks that reorder what is shown (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C). */
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;

/**
 * `.` `:` `@`, the slashes (`//host` is a link to some linkifiers, `\\host\share` to Outlook) and
 * the ideographic full stop (U+3002, which IDNA maps to a dot).
 */
const LINK_PUNCTUATION = /[.:@/\\\u3002]/;

/** Whether a character is, or reads as, one of a link's separators (`⒈` reads as `1.`). */
const makesLinks = (character: string) => LINK_PUNCTUATION.test(character.normalize("NFKC"));
