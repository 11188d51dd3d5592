/**
 * A call's time as people read it, in a language and a zone: the server writes these (the card,
 * the agenda, the mails), so the page shows exactly what the mail says.
 */

/** "Tuesday, 1 December 2026" in her zone. */
export function dayLabel(instant: Date, zone: string, language: string) {
  return new Intl.DateTimeFormat(language, { timeZone: zone, dateStyle: "full" }).format(instant);
}

/** "09:00" (or "9:00 AM", as her language writes it) in her zone. */
export function timeLabel(instant: Date, zone: string, language: string) {
  return new Intl.DateTimeFormat(language, { timeZone: zone, timeStyle: "short" }).format(instant);
}

/** The zone's name in her language ("Western European Time"), its IANA name when there is none. */
export function zoneLabel(zone: string, language: string, at: Date = new Date()) {
  const part = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: "longGeneric" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const city = zone.split("/").at(-1)!.replace(/_/g, " ");
  return part && !/^GMT[+-]/.test(part) ? `${part} (${city})` : `${zone.replace(/_/g, " ")}`;
}

/** The whole time, as the mails and the booked card say it: day, time and zone. */
export function callTimeLabel(instant: Date, zone: string, language: string) {
  return `${dayLabel(instant, zone, language)}, ${timeLabel(instant, zone, language)} — ${zoneLabel(zone, language, instant)}`;
}

/** A Brasília or her calendar day, "2026-03-29", to group times by day. */
export function dayKey(instant: Date, zone: string) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}
