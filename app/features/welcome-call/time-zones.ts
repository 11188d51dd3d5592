/**
 * Time zones of the welcome call (issue 29): the agency works in Brasília time, and each model
 * sees the times in her own zone. Browser-safe: the card reads the browser's zone with it.
 */
export const BRASILIA = "America/Sao_Paulo";

let supported: ReadonlySet<string> | undefined;

/**
 * The IANA zone a value names, in its canonical spelling, or null: only what
 * Intl.supportedValuesOf("timeZone") lists, so a made-up string never reaches a formatter, a
 * cookie or the database. An alias a browser may report (Asia/Calcutta) is read as its
 * canonical zone.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return null;
  supported ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (supported.has(value)) return value;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
    return supported.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

/**
 * Her country's zone when it has one for most of its people: a country of one zone, or of one
 * European country's mainland zone; null otherwise (Brazil and the United States
 * span several, and the caller then falls back to Brasília's).
 */
export function timeZoneOfCountry(country: string | null | undefined): string | null {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return null;
  let zones: string[];
  try {
    const locale = new Intl.Locale(`und-${country.toUpperCase()}`) as Intl.Locale & {
      getTimeZones?: () => string[] | undefined;
      timeZones?: string[];
    };
    zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return null;
  }
  const known = zones.filter((zone) => canonicalTimeZone(zone) === zone);
  if (known.length === 1) return known[0]!;
  // Its mainland's: Lisbon rather than the Azores, Berlin rather than Büsingen, Madrid rather
  // than the Canaries (ICU lists a country's zones alphabetically, the capital's first here).
  return known.find((zone) => zone.startsWith("Europe/")) ?? null;
}

/** Every zone she may choose, for the card's list. */
export function timeZoneChoices(): readonly string[] {
  return Intl.supportedValuesOf("timeZone");
}
