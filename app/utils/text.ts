/**
 * Text as PostgreSQL can keep it: without NUL characters, which its text type refuses, and with
 * each lone UTF-16 surrogate replaced by U+FFFD, which its JSON type refuses. No keyboard types
 * either, so nothing a person wrote changes; a script that sends them gets an answer, not a 500.
 */
export function storableText(value: string): string {
  return value.toWellFormed().replaceAll("\u0000", "");
}
