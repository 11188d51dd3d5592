import { describe, expect, it } from "vitest";
import { isCalendarDay } from "./calendar-day.ts";

describe("isCalendarDay", () => {
  it("takes the days that exist, leap days included", () => {
    for (const day of ["2026-11-29", "2028-02-29", "2000-02-29", "1999-12-31"]) {
      expect(isCalendarDay(day), day).toBe(true);
    }
  });

  it("refuses days JavaScript would roll over, and anything not written as a date field writes it", () => {
    for (const day of ["2030-02-31", "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10"]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
    for (const text of [
      "",
      "2026-1-5",
      "29/11/2026",
      "2026-11-29T00:00",
      " 2026-11-29",
      "+02026-11-29",
    ]) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });
});
