import { z } from "zod";

/**
 * A text field of a back-office form, as it is stored: runs of spaces (and, on one line, line
 * breaks) made one space, the ends trimmed, then its length checked. `required` names the
 * message of an empty field; without it, empty is allowed. `optional`: a missing field is "".
 * `lines`: line breaks are kept (an answer, a quote).
 */
export function formText(
  max: number,
  messages: { required?: string; tooLong: string },
  { optional = false, lines = false }: { optional?: boolean; lines?: boolean } = {},
) {
  const checked = messages.required
    ? z.string().min(1, messages.required).max(max, messages.tooLong)
    : z.string().max(max, messages.tooLong);
  const spaces = lines ? /[ \t]+/g : /\s+/g;
  const input = optional ? z.string().optional() : z.string();
  return input.transform((value) => (value ?? "").replace(spaces, " ").trim()).pipe(checked);
}
