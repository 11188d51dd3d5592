import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { staffProfiles } from "#app/db/schema.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import { dayOffForm, parseRanges } from "./availability-form.ts";
import {
  addDayOff,
  availabilityOf,
  removeDayOff,
  saveAvailability,
} from "./availability.server.ts";
import { databaseNow } from "./booking.server.ts";
import { dayKey } from "./format.ts";
import { freeSlotsOf } from "./slots.server.ts";

describe("a day's hours as she writes them", () => {
  it("reads ranges, and says what is wrong with the rest", () => {
    expect(parseRanges("09:00-12:00, 14:00–18:30")).toEqual({
      ranges: [
        { startMinute: 540, endMinute: 720 },
        { startMinute: 840, endMinute: 1110 },
      ],
    });
    expect(parseRanges("")).toEqual({ ranges: [] });
    expect(parseRanges("18:00-24:00")).toEqual({
      ranges: [{ startMinute: 1080, endMinute: 1440 }],
    });
    expect(parseRanges("9h às 12h")).toEqual({ error: "welcomeCall.availability.errors.format" });
    expect(parseRanges("12:00-09:00")).toEqual({ error: "welcomeCall.availability.errors.order" });
    expect(parseRanges("24:00-24:30")).toEqual({ error: "welcomeCall.availability.errors.order" });
    expect(parseRanges("09:00-12:00, 11:00-13:00")).toEqual({
      error: "welcomeCall.availability.errors.overlap",
    });
  });
});

describe.each(databaseTargets)("her availability on %s", (_name, kind) => {
  let database: DatabaseHandle;
  let staffId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    staffId = await insertAccount(database.db, {
      name: "Paula Nunes",
      email: `paula.${randomUUID().slice(0, 8)}@example.com`,
      role: "approver",
    });
  });
  afterAll(() => database?.close());

  it("saves her hours and rules all at once, her profile made with her account's name", async () => {
    const rules = { callMinutes: 45, bufferMinutes: 10, horizonDays: 14, noticeHours: 0 };
    await saveAvailability(database.db, staffId, {
      rules,
      ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        startMinute: 600,
        endMinute: 720,
      })),
    });
    const [profile] = await database.db
      .select()
      .from(staffProfiles)
      .where(eq(staffProfiles.userId, staffId));
    expect(profile).toMatchObject({ displayName: "Paula Nunes", ...rules });
    const saved = await availabilityOf(database.db, staffId);
    expect(saved.rules).toEqual(rules);
    expect(saved.ranges).toHaveLength(7);
    // Saved again with fewer days: the others are gone.
    await saveAvailability(database.db, staffId, {
      rules,
      ranges: [{ weekday: 1, startMinute: 600, endMinute: 720 }],
    });
    expect((await availabilityOf(database.db, staffId)).ranges).toEqual([
      { weekday: 1, startMinute: 600, endMinute: 720 },
    ]);
    await saveAvailability(database.db, staffId, {
      rules,
      ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        startMinute: 600,
        endMinute: 720,
      })),
    });
  });

  it("takes a day off out of her free times; a day past is refused", async () => {
    const now = await databaseNow(database.db);
    const before = await freeSlotsOf(database.db, staffId, now);
    const day = dayKey(before.slots.at(-1)!, "America/Sao_Paulo");
    expect(await addDayOff(database.db, staffId, day)).toBe("added");
    expect(await addDayOff(database.db, staffId, day)).toBe("added");
    expect((await availabilityOf(database.db, staffId)).daysOff).toEqual([day]);
    const after = await freeSlotsOf(database.db, staffId, now);
    expect(after.slots.map((slot) => dayKey(slot, "America/Sao_Paulo"))).not.toContain(day);
    expect(after.slots.length).toBeLessThan(before.slots.length);
    expect(await addDayOff(database.db, staffId, "2020-01-06")).toBe("past");
    await removeDayOff(database.db, staffId, day);
    expect((await availabilityOf(database.db, staffId)).daysOff).toEqual([]);
  });
});

describe("a day off as typed", () => {
  it("is a day of the calendar: 31 February is refused before the database sees it (the fuzz found a 500)", () => {
    for (const day of ["2030-02-31", "2030-13-01", "2030-00-10", "2030-2-3", "2030-02-29"]) {
      expect(dayOffForm.safeParse({ intent: "addDay", day }).success, day).toBe(false);
    }
    for (const day of ["2032-02-29", "2030-12-31"]) {
      expect(dayOffForm.safeParse({ intent: "addDay", day }).success, day).toBe(true);
    }
  });
});
