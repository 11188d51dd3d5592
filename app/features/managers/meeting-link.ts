/**
 * A meeting link as a welcome call's invitation and the staff profile carry it: an absolute
 * https address with a host and no user name or password in it, at most `max` characters, or
 * null. What comes back is the URL as parsed (`href`), never the text as typed, so what is
 * stored is what a browser would open. Browser-safe.
 */
export function normalizeMeetingLink(value: string, max: number): string | null {
  const typed = value.trim();
  if (!typed || typed.length > max || /[\s\p{Cc}\p{Cf}\\]/u.test(typed)) return null;
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || !url.hostname || url.username || url.password) return null;
  // A host needs a dot: "https://localhost" or "https://meet" is no one's meeting room.
  if (!url.hostname.includes(".")) return null;
  return url.href.length <= max ? url.href : null;
}
