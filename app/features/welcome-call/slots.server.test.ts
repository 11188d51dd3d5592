import { describe, expect, it } from "vitest";
import { timeLabel, dayKey } from "./format.ts";
import { computeSlots, type BookingRules, type WeeklyRange } from "./slots.server.ts";
import { canonicalTimeZone, timeZoneOfCountry } from "./time-zones.ts";

const rules: BookingRules = { callMinutes: 30, bufferMinutes: 15, horizonDays: 21, noticeHours: 0 };
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
// Every weekday 09:00-10:30 in Brasília (UTC-3 all year): 12:00Z, 12:45Z (13:30Z would end at 14:00Z, past 13:30Z).
const mornings: WeeklyRange[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  startMinute: 9 * 60,
  endMinute: 10 * 60 + 30,
}));

describe("the times a model may book", () => {
  it("reads the manager's hours as Brasília time, one call then its buffer", () => {
    const slots = computeSlots({
      // Monday 2 March 2026, 06:00 in Brasília.
      now: new Date("2026-03-02T09:00:00Z"),
      ranges: [{ weekday: 1, startMinute: 9 * 60, endMinute: 11 * 60 }],
      daysOff: [],
      busy: [],
      rules: { ...rules, horizonDays: 1 },
    });
    expect(iso(slots)).toEqual([
      "2026-03-02T12:00:00.000Z",
      "2026-03-02T12:45:00.000Z",
      "2026-03-02T13:30:00.000Z",
    ]);
  });

  it("shows a Brasília morning as Lisbon's midday and Tokyo's night", () => {
    const [slot] = computeSlots({
      now: new Date("2026-01-12T09:00:00Z"),
      ranges: mornings,
      daysOff: [],
      busy: [],
      rules: { ...rules, horizonDays: 1 },
    });
    expect(slot!.toISOString()).toBe("2026-01-12T12:00:00.000Z");
    expect(timeLabel(slot!, "America/Sao_Paulo", "en-GB")).toBe("09:00");
    expect(timeLabel(slot!, "Europe/Lisbon", "en-GB")).toBe("12:00");
    expect(timeLabel(slot!, "Asia/Tokyo", "en-GB")).toBe("21:00");
    // Still the same day in Tokyo; an evening in Brasília is Tokyo's next morning.
    expect(dayKey(slot!, "Asia/Tokyo")).toBe("2026-01-12");
    const evening = computeSlots({
      now: new Date("2026-01-12T09:00:00Z"),
      ranges: [{ weekday: 1, startMinute: 20 * 60, endMinute: 20 * 60 + 30 }],
      daysOff: [],
      busy: [],
      rules: { ...rules, horizonDays: 1 },
    });
    expect(dayKey(evening[0]!, "America/Sao_Paulo")).toBe("2026-01-12");
    expect(dayKey(evening[0]!, "Asia/Tokyo")).toBe("2026-01-13");
    expect(timeLabel(evening[0]!, "Asia/Tokyo", "en-GB")).toBe("08:00");
  });

  it("follows her zone's summer time: Lisbon and Berlin move an hour on the last Sunday of March and October", () => {
    // The same 09:00 in Brasília on the Saturday before and the Monday after each change.
    const around = (from: string) =>
      computeSlots({
        now: new Date(from),
        ranges: mornings.map((range) => ({ ...range, endMinute: range.startMinute + 30 })),
        daysOff: [],
        busy: [],
        rules: { ...rules, horizonDays: 3 },
      });
    const march = around("2026-03-28T00:00:00Z");
    expect(iso(march).slice(0, 3)).toEqual([
      "2026-03-28T12:00:00.000Z",
      "2026-03-29T12:00:00.000Z",
      "2026-03-30T12:00:00.000Z",
    ]);
    expect(march.slice(0, 3).map((slot) => timeLabel(slot, "Europe/Lisbon", "en-GB"))).toEqual([
      "12:00",
      "13:00",
      "13:00",
    ]);
    expect(march.slice(0, 3).map((slot) => timeLabel(slot, "Europe/Berlin", "en-GB"))).toEqual([
      "13:00",
      "14:00",
      "14:00",
    ]);
    const october = around("2026-10-24T00:00:00Z");
    expect(october.slice(0, 3).map((slot) => timeLabel(slot, "Europe/Lisbon", "en-GB"))).toEqual([
      "13:00",
      "12:00",
      "12:00",
    ]);
    expect(october.slice(0, 3).map((slot) => timeLabel(slot, "Europe/Berlin", "en-GB"))).toEqual([
      "14:00",
      "13:00",
      "13:00",
    ]);
  });

  it("leaves out her days off, a booked call with its buffer, what is too soon and too far", () => {
    const now = new Date("2026-03-02T12:10:00Z"); // Monday 09:10 in Brasília
    const all = computeSlots({ now, ranges: mornings, daysOff: [], busy: [], rules });
    // Today's 09:00 has begun; 09:45 is still ahead.
    expect(all[0]!.toISOString()).toBe("2026-03-02T12:45:00.000Z");
    // 21 days ahead at most.
    expect(all.at(-1)!.getTime()).toBeLessThanOrEqual(now.getTime() + 21 * 86_400_000);
    // Today's second, twenty whole days, and the 21st day's first (its second is past the horizon).
    expect(all.length).toBe(1 + 2 * 20 + 1);

    const withDayOff = computeSlots({
      now,
      ranges: mornings,
      daysOff: ["2026-03-03"],
      busy: [],
      rules,
    });
    expect(iso(withDayOff)).not.toContain("2026-03-03T12:00:00.000Z");
    expect(withDayOff.length).toBe(all.length - 2);

    // A call booked 12:00-12:30 on Wednesday: its buffer reaches 12:45, so 12:45 is free.
    const busy = [
      { startsAt: new Date("2026-03-04T12:00:00Z"), endsAt: new Date("2026-03-04T12:30:00Z") },
    ];
    const withCall = iso(computeSlots({ now, ranges: mornings, daysOff: [], busy, rules }));
    expect(withCall).not.toContain("2026-03-04T12:00:00.000Z");
    expect(withCall).toContain("2026-03-04T12:45:00.000Z");
    // A call that ends 12:40 (booked before the hours changed): 12:45 is within its buffer.
    const late = [
      { startsAt: new Date("2026-03-04T12:10:00Z"), endsAt: new Date("2026-03-04T12:40:00Z") },
    ];
    const afterLate = iso(computeSlots({ now, ranges: mornings, daysOff: [], busy: late, rules }));
    expect(afterLate).not.toContain("2026-03-04T12:00:00.000Z");
    expect(afterLate).not.toContain("2026-03-04T12:45:00.000Z");
    expect(afterLate).toContain("2026-03-05T12:00:00.000Z");

    // Four hours' notice: Monday's 09:45 (35 minutes away) and nothing before 13:10 UTC.
    const notice = computeSlots({
      now,
      ranges: mornings,
      daysOff: [],
      busy: [],
      rules: { ...rules, noticeHours: 4 },
    });
    expect(notice[0]!.toISOString()).toBe("2026-03-03T12:00:00.000Z");

    const near = computeSlots({
      now,
      ranges: mornings,
      daysOff: [],
      busy: [],
      rules: { ...rules, horizonDays: 2 },
    });
    // Two days ahead: Wednesday 09:00 is 47 h 50 min away, 09:45 is past the horizon.
    expect(iso(near).at(-1)).toBe("2026-03-04T12:00:00.000Z");
  });
});

describe("time zones", () => {
  it("accepts only real zones, in their canonical spelling", () => {
    expect(canonicalTimeZone("Europe/Lisbon")).toBe("Europe/Lisbon");
    expect(canonicalTimeZone("Asia/Calcutta")).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    for (const bad of [
      "Mars/Olympus",
      "",
      "Europe/Lisbon; drop table",
      "../etc/passwd",
      "x".repeat(100),
      42,
      null,
    ]) {
      expect(canonicalTimeZone(bad)).toBeNull();
    }
  });

  it("finds her country's zone when it has a main one", () => {
    expect(timeZoneOfCountry("PT")).toBe("Europe/Lisbon");
    expect(timeZoneOfCountry("de")).toBe("Europe/Berlin");
    expect(timeZoneOfCountry("JP")).toBe("Asia/Tokyo");
    expect(timeZoneOfCountry("BR")).toBeNull();
    expect(timeZoneOfCountry("Brasil")).toBeNull();
  });
});
