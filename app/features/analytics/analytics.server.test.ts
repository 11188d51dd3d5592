import { randomUUID } from "node:crypto";
import { between, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertAffiliate, insertApplicationRow } from "#app/test/factories.ts";
import {
  affiliates,
  dailyCounts,
  referralClicks,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import {
  analyticsReport,
  bucketOf,
  bucketsOf,
  MAX_RANGE_DAYS,
  parseRange,
  type AnalyticsRange,
} from "./analytics.server.ts";
import { paced } from "#app/test/pace.ts";

const params = (query: string) => new URLSearchParams(query);
const TODAY = "2026-11-22";

describe("the range asked for", () => {
  it("defaults to the last 30 days by day", () => {
    expect(parseRange(params(""), TODAY)).toMatchObject({
      range: { from: "2026-10-24", to: TODAY, group: "day" },
      errors: {},
    });
  });

  it("takes a valid range and grouping", () => {
    expect(parseRange(params("from=2026-01-01&to=2026-03-31&group=week"), TODAY)).toMatchObject({
      range: { from: "2026-01-01", to: "2026-03-31", group: "week" },
      errors: {},
    });
    // Only an end: the 30 days before it.
    expect(parseRange(params("to=2026-02-10"), TODAY).range).toMatchObject({
      from: "2026-01-12",
      to: "2026-02-10",
    });
  });

  it("reports what is wrong, field by field, and shows the default range instead", () => {
    const fallback = { from: "2026-10-24", to: TODAY, group: "day" };
    expect(parseRange(params("from=2026-02-30"), TODAY)).toMatchObject({
      range: fallback,
      errors: { from: "admin.analytics.errors.date" },
    });
    expect(parseRange(params("to=yesterday&group=hour"), TODAY)).toMatchObject({
      range: fallback,
      errors: { to: "admin.analytics.errors.date", group: "admin.analytics.errors.group" },
    });
    expect(parseRange(params("from=2026-05-02&to=2026-05-01"), TODAY)).toMatchObject({
      range: fallback,
      errors: { to: "admin.analytics.errors.order" },
    });
    expect(parseRange(params("from=2023-01-01&to=2026-01-01"), TODAY)).toMatchObject({
      range: fallback,
      errors: { from: "admin.analytics.errors.tooLong" },
    });
    // Exactly two years is fine.
    expect(parseRange(params("from=2024-11-22&to=2026-11-21"), TODAY).errors).toEqual({});
    expect(MAX_RANGE_DAYS).toBe(731);
  });

  it("keeps what was typed, to show it back", () => {
    expect(parseRange(params("from=abc&to=2026-01-01"), TODAY).submitted).toEqual({
      from: "abc",
      to: "2026-01-01",
      group: "",
    });
  });
});

describe("buckets", () => {
  it("start on the day, the Monday of the ISO week, or the first of the month", () => {
    expect(bucketOf("2026-11-22", "day")).toBe("2026-11-22");
    expect(bucketOf("2026-11-22", "week")).toBe("2026-11-16"); // a Sunday → its Monday
    expect(bucketOf("2026-11-16", "week")).toBe("2026-11-16");
    expect(bucketOf("2026-11-22", "month")).toBe("2026-11-01");
  });

  it("cover the range without gaps, across a year's end", () => {
    expect(bucketsOf({ from: "2026-12-30", to: "2027-01-02", group: "day" })).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    expect(bucketsOf({ from: "2026-12-30", to: "2027-01-12", group: "week" })).toEqual([
      "2026-12-28",
      "2027-01-04",
      "2027-01-11",
    ]);
    expect(bucketsOf({ from: "2026-11-15", to: "2027-02-01", group: "month" })).toEqual([
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
      "2027-02-01",
    ]);
  });
});

describe.each(databaseTargets)("the analytics of a range on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = `analytics-${randomUUID().slice(0, 8)}`;
  // Days of their own, decades back, so that other tests' rows never fall in the range.
  // Never a leap year: the range below runs from 28 February into March.
  const year = 1961 + Math.floor(Math.random() * 7) * 4 + Math.floor(Math.random() * 3);
  const day = (monthDay: string) => `${year}-${monthDay}`;
  let affiliateIds: number[] = [];

  async function apply(values: {
    at: string;
    status?: "Pendente" | "Aprovado" | "Reprovado";
    source?: "form" | "chatbot" | "register";
    language?: string;
    country?: string | null;
    affiliateId?: number | null;
  }) {
    const email = `${randomUUID().slice(0, 6)}.${marker}@example.com`;
    await insertApplicationRow(database.db, {
      createdAt: new Date(values.at),
      status: values.status ?? "Pendente",
      source: values.source ?? "form",
      language: values.language ?? "pt",
      country: values.country ?? null,
      affiliateId: values.affiliateId ?? null,
      email,
      consentedAt: new Date(values.at),
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    affiliateIds = [];
    for (const name of ["ana", "bia"]) {
      const userId = await insertAccount(database.db, {
        id: `${name}-${marker}`,
        name: name === "ana" ? "Ana Afiliada" : "Bia Afiliada",
        email: `${name}.${marker}@example.com`,
        role: "affiliate",
      });
      const created = await insertAffiliate(database.db, {
        userId,
        referralCode: `${userId.slice(0, 3).toUpperCase()}${marker.slice(-6)}`,
        promotion: "instagram",
      });
      affiliateIds.push(created.id);
    }
    const [ana, bia] = affiliateIds as [number, number];

    // In Florianópolis (UTC−3): 1 March 01:30 UTC is still 28 February there.
    await apply({ at: `${day("03-01")}T01:30:00Z`, language: "es", country: "AR" });
    await apply({ at: `${day("03-02")}T12:00:00Z`, status: "Aprovado", affiliateId: ana });
    await apply({
      at: `${day("03-02")}T13:00:00Z`,
      status: "Aprovado",
      affiliateId: ana,
      country: "br",
    });
    await apply({
      at: `${day("03-03")}T12:00:00Z`,
      status: "Reprovado",
      source: "chatbot",
      country: "BR",
      affiliateId: bia,
    });
    await apply({ at: `${day("03-09")}T12:00:00Z`, source: "register", language: "de" });
    // Outside the range: the day after it ends (there), and well before.
    await apply({ at: `${day("03-11")}T03:30:00Z` });
    await apply({ at: `${day("01-05")}T12:00:00Z` });

    await database.db.insert(referralClicks).values([
      { affiliateId: ana, day: day("03-01"), clicks: 10 },
      { affiliateId: ana, day: day("03-05"), clicks: 5 },
      { affiliateId: ana, day: day("03-20"), clicks: 100 }, // after the range
      { affiliateId: bia, day: day("03-03"), clicks: 4 },
    ]);
    await database.db.insert(dailyCounts).values([
      { day: day("03-02"), event: "page_view", dimension: "home", count: 40 },
      { day: day("03-05"), event: "page_view", dimension: "blog", count: 10 },
      { day: day("03-05"), event: "form_started", dimension: "form", count: 6 },
      { day: day("03-06"), event: "form_started", dimension: "register", count: 1 },
      { day: day("03-06"), event: "chatbot_started", dimension: "chatbot", count: 3 },
      { day: day("03-20"), event: "page_view", dimension: "home", count: 999 },
    ]);
  }, paced(60_000));

  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.db
      .delete(dailyCounts)
      .where(between(dailyCounts.day, `${year}-01-01`, `${year}-12-31`));
    if (affiliateIds.length) {
      await database.db.delete(affiliates).where(inArray(affiliates.id, affiliateIds));
    }
    await database.db.delete(user).where(like(user.email, `%.${marker}@%`));
    await database.close();
  });

  const range = (group: AnalyticsRange["group"]): AnalyticsRange => ({
    from: day("02-28"),
    to: day("03-10"),
    group,
  });

  it("counts applications per day in the agency's time zone, quiet days as zero", async () => {
    const report = await analyticsReport(database.db, range("day"));
    expect(report.total).toBe(5);
    expect(report.overTime).toHaveLength(11);
    const byDay = Object.fromEntries(report.overTime.map((row) => [row.bucket, row]));
    expect(byDay[day("02-28")]!.total).toBe(1);
    expect(byDay[day("03-01")]!.total).toBe(0);
    expect(byDay[day("03-02")]!.counts).toEqual({ Pendente: 0, Aprovado: 2, Reprovado: 0 });
    expect(byDay[day("03-03")]!.counts.Reprovado).toBe(1);
    expect(byDay[day("03-10")]!.total).toBe(0);
  });

  it("groups by week and by month", async () => {
    const weeks = await analyticsReport(database.db, range("week"));
    expect(weeks.overTime.map((row) => row.bucket)).toEqual(
      bucketsOf(range("week")).map((bucket) => bucket),
    );
    expect(weeks.overTime.reduce((a, row) => a + row.total, 0)).toBe(5);
    const months = await analyticsReport(database.db, range("month"));
    expect(months.overTime.map((row) => [row.bucket, row.total])).toEqual([
      [day("02-01"), 1],
      [day("03-01"), 4],
    ]);
  });

  it("splits by status, source, language, country and affiliate", async () => {
    const report = await analyticsReport(database.db, range("day"));
    expect(report.byStatus).toEqual([
      { key: "Pendente", count: 2 },
      { key: "Aprovado", count: 2 },
      { key: "Reprovado", count: 1 },
    ]);
    expect(report.bySource).toEqual([
      { key: "form", count: 3 },
      { key: "chatbot", count: 1 },
      { key: "register", count: 1 },
    ]);
    expect(report.byLanguage).toEqual([
      { key: "pt", count: 3 },
      { key: "de", count: 1 },
      { key: "es", count: 1 },
    ]);
    expect(report.byCountry).toEqual({
      top: [
        { key: "BR", count: 2 },
        { key: "AR", count: 1 },
        { key: null, count: 2 },
      ],
      others: 0,
    });
    const [ana, bia] = affiliateIds;
    expect(report.byAffiliate).toEqual({
      top: [
        { key: String(ana), count: 2, label: expect.stringMatching(/^Ana Afiliada \(ANA/) },
        { key: String(bia), count: 1, label: expect.stringMatching(/^Bia Afiliada \(BIA/) },
      ],
      others: 0,
      direct: 2,
    });
  });

  it("puts each affiliate's link clicks beside the applications that came through it", async () => {
    const report = await analyticsReport(database.db, range("day"));
    const [ana, bia] = affiliateIds;
    expect(report.referralLinks).toEqual({
      top: [
        {
          key: String(ana),
          clicks: 15,
          applications: 2,
          label: expect.stringMatching(/^Ana Afiliada \(ANA/),
        },
        {
          key: String(bia),
          clicks: 4,
          applications: 1,
          label: expect.stringMatching(/^Bia Afiliada \(BIA/),
        },
      ],
      clicks: 19,
      applications: 3,
    });
  });

  it("counts page views by page from the daily counts", async () => {
    const report = await analyticsReport(database.db, range("day"));
    expect(report.pageViews.find((row) => row.key === "home")!.count).toBe(40);
    expect(report.pageViews.find((row) => row.key === "blog")!.count).toBe(10);
    expect(report.pageViews.find((row) => row.key === "contact")!.count).toBe(0);
  });

  it("an empty range is all zeros", async () => {
    const report = await analyticsReport(database.db, {
      from: day("06-01"),
      to: day("06-30"),
      group: "week",
    });
    expect(report.total).toBe(0);
    expect(report.pageViews.every((row) => row.count === 0)).toBe(true);
    expect(report.byAffiliate).toEqual({ top: [], others: 0, direct: 0 });
    expect(report.referralLinks).toEqual({ top: [], clicks: 0, applications: 0 });
    expect(report.overTime.every((row) => row.total === 0)).toBe(true);
  });
});
