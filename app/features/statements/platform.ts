/** The longest platform name (statement_lines_platform_check). */
export const MAX_PLATFORM = 60;
/** The longest reason of a correction (statement_lines_reason_check). */
export const MAX_REASON = 500;

export type PlatformError = "platform" | "platformLength" | "formula";

/**
 * A platform's name as staff typed it (free text, trimmed, at most 60 characters). A name that
 * starts as a spreadsheet formula would (= + - @) is refused: it comes back in her CSV, and in
 * the staff's spreadsheets, as text that someone's program might run.
 */
export function checkPlatform(
  input: string,
): { ok: true; value: string } | { ok: false; error: PlatformError } {
  const value = input.trim().replace(/\s+/g, " ");
  if (!value) return { ok: false, error: "platform" };
  if (/^[=+\-@\t\r]/.test(value)) return { ok: false, error: "formula" };
  if ([...value].length > MAX_PLATFORM) return { ok: false, error: "platformLength" };
  return { ok: true, value };
}
