/**
 * The rules of the team's private notes that the page and the server share (notes.server.ts):
 * their length, how long their author may change them, and how an `@Name` in the text is read
 * as a mention of a reviewer.
 */

/** Minutes during which a note's author may still change or delete it. */
export const NOTE_EDIT_MINUTES = 10;
export const NOTE_MAX_LENGTH = 4000;

/** A reviewer who can be mentioned: her account's id and the name she goes by. */
export interface Mentionable {
  id: string;
  name: string;
}

const wordCharacter = /[\p{L}\p{N}_]/u;

interface Found {
  start: number;
  end: number;
  /** Everyone of that name (two reviewers may share one). */
  people: Mentionable[];
}

/**
 * Every `@Name` of the text that names one of `people`, case ignored: the longest name at each
 * `@` ("@Ana Souza" over "@Ana"), which must end where a word ends. An `@` inside a word (an
 * e-mail address) mentions no one.
 */
function findMentions(text: string, people: readonly Mentionable[]): Found[] {
  const found: Found[] = [];
  const names = people.filter((person) => person.name.trim().length > 0);
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    if (at > 0 && wordCharacter.test(text[at - 1]!)) continue;
    let best: Found | null = null;
    for (const person of names) {
      const name = person.name.trim();
      const end = at + 1 + name.length;
      if (text.slice(at + 1, end).toLocaleLowerCase() !== name.toLocaleLowerCase()) continue;
      if (end < text.length && wordCharacter.test(text[end]!)) continue;
      if (!best || end > best.end) best = { start: at, end, people: [person] };
      else if (end === best.end) best.people.push(person);
    }
    if (best) {
      found.push(best);
      at = best.end - 1;
    }
  }
  return found;
}

/**
 * The ids of the reviewers the text mentions. The ids the page's suggestions sent only choose
 * between reviewers of the same name; without them, a shared name mentions each of them. An id
 * sent without its name in the text mentions no one: the text is what everyone reads.
 */
export function mentionTargets(
  text: string,
  people: readonly Mentionable[],
  chosen: readonly string[] = [],
): string[] {
  const ids = new Set<string>();
  for (const mention of findMentions(text, people)) {
    const picked = mention.people.filter((person) => chosen.includes(person.id));
    for (const person of picked.length ? picked : mention.people) ids.add(person.id);
  }
  return [...ids];
}

/** The text in pieces, each mention of `people` apart: what the page shows in bold. */
export function splitMentions(
  text: string,
  people: readonly Mentionable[],
): { text: string; mention: boolean }[] {
  const pieces: { text: string; mention: boolean }[] = [];
  let from = 0;
  for (const mention of findMentions(text, people)) {
    if (mention.start > from)
      pieces.push({ text: text.slice(from, mention.start), mention: false });
    pieces.push({ text: text.slice(mention.start, mention.end), mention: true });
    from = mention.end;
  }
  if (from < text.length) pieces.push({ text: text.slice(from), mention: false });
  return pieces;
}

/**
 * The word being typed after an `@` at the caret, for the suggestions: null when the caret is
 * not in one. Names have spaces, so up to 40 characters after the `@` on the same line count.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at === -1 || (at > 0 && wordCharacter.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  // A space after it ends the word: a mention just picked ("@Ana Souza ") asks for nothing more,
  // and the next letter ("@Ana S") asks again.
  if (query.length > 40 || /[\n@]/.test(query) || /^\s|\s$/.test(query)) return null;
  return { start: at, query };
}
