import { describe, expect, it } from "vitest";
import { fromAgencyLocal, toAgencyLocal } from "./agency-time.ts";

describe("the agency's clock", () => {
  it("reads Brasília time (UTC−3) both ways", () => {
    expect(fromAgencyLocal("2026-11-27T10:30")?.toISOString()).toBe("2026-11-27T13:30:00.000Z");
    expect(toAgencyLocal(new Date("2026-11-27T13:30:00Z"))).toBe("2026-11-27T10:30");
    // Across midnight UTC.
    expect(fromAgencyLocal("2026-12-31T23:15")?.toISOString()).toBe("2027-01-01T02:15:00.000Z");
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
