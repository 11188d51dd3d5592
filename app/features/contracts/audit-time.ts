import { AGENCY_TIME_ZONE } from "#app/utils/agency-time.ts";

/**
 * A moment as the audit page prints it, the same in every language: to the second, in UTC and
 * in Brasília (the agency's time, the law's place).
 */
export function auditTime(at: Date | string): { utc: string; brasilia: string } {
  const parts = (timeZone: string) => {
    const values = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
        timeZoneName: "longOffset",
      })
        .formatToParts(new Date(at))
        .map((part) => [part.type, part.value]),
    );
    return {
      text: `${values.year}-${values.month}-${values.day} ${values.hour}:${values.minute}:${values.second}`,
      offset: String(values.timeZoneName).replace("GMT", "UTC"),
    };
  };
  const brasilia = parts(AGENCY_TIME_ZONE);
  return {
    utc: `${parts("UTC").text} UTC`,
    brasilia: `${brasilia.text} (${brasilia.offset})`,
  };
}
