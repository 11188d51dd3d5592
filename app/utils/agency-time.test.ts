import { describe, expect, it } from "vitest";
import { fromAgencyLocal, toAgencyDateTime, toAgencyLocal } from "./agency-time.ts";

describe("the agency's clock", () => {
  it("reads Brasília time (UTC−3) both ways", () => {
    expect(fromAgencyLocal("2026-11-27T10:30")?.toISOString()).toBe("2026-11-27T13:30:00.000Z");
    expect(toAgencyLocal(new Date("2026-11-27T13:30:00Z"))).toBe("2026-11-27T10:30");
    // Across midnight UTC.
    expect(fromAgencyLocal("2026-12-31T23:15")?.toISOString()).toBe("2027-01-01T02:15:00.000Z");
  });

  it("writes an instant to the second, as a spreadsheet reads a date and time", () => {
    expect(toAgencyDateTime(new Date("2026-11-28T06:31:00.900Z"))).toBe("2026-11-28 03:31:00");
    // Midnight is 00, not 24; and the day before in UTC−3.
    expect(toAgencyDateTime(new Date("2027-01-01T03:00:05Z"))).toBe("2027-01-01 00:00:05");
    expect(toAgencyDateTime(new Date("2027-01-01T02:59:59Z"))).toBe("2026-12-31 23:59:59");
  });

  it.each([
    "",
    "2026-11-27",
    "2026-13-01T10:00",
    "2026-02-30T10:00",
    "2026-11-27T24:00",
    "27/11/2026 10:30",
    "2026-11-27T10:30:00Z",
  ])("refuses %j", (value) => {
    expect(fromAgencyLocal(value)).toBeNull();
  });
});
