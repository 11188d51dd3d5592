import { z } from "zod";

// Control characters (tab and line feed aside) and the invisible formatting marks that can hide
// or reorder text, as an article's body drops them (features/blog/body.ts): nobody types them,
// and PostgreSQL's text refuses NUL outright.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A text field of a back-office form, as it is stored: line ends made line feeds, control and
 * invisible formatting characters dropped, runs of spaces (and, on one line, line breaks) made
 * one space, the ends trimmed, then its length checked. `required` names the message of an
 * empty field (one of nothing but such characters is empty); without it, empty is allowed.
 * A missing field is "", refused by `required`. `lines`: line breaks are kept (an answer, a quote).
 */
export function formText(
  max: number,
  messages: { required?: string; tooLong: string },
  { lines = false }: { lines?: boolean } = {},
) {
  const checked = messages.required
    ? z.string().min(1, messages.required).max(max, messages.tooLong)
    : z.string().max(max, messages.tooLong);
  const spaces = lines ? /[ \t]+/g : /\s+/g;
  // A missing field is an empty one (a crafted form gets the same translated message as the
  // browser's), and a file where text belongs is refused with that message too.
  const input = z.string({ message: messages.required ?? messages.tooLong }).optional();
  return input
    .transform((value) =>
      (value ?? "").replace(/\r\n?/g, "\n").replace(INVISIBLE, "").replace(spaces, " ").trim(),
    )
    .pipe(checked);
}
