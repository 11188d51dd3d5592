import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { dailyCounts } from "#app/db/schema.server.ts";
import {
  addCounts,
  count,
  countPageViews,
  flushCounts,
  isBot,
  pageGroupOf,
  pageViewOf,
  reportingDay,
} from "./counting.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { paced } from "#app/test/pace.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const HEADLESS =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36";

const get = (url: string, headers: Record<string, string> = {}) =>
  new Request(`http://127.0.0.1:3999${url}`, { headers: { "user-agent": CHROME, ...headers } });

describe("what counts as a page view", () => {
  it("groups the public pages", () => {
    expect(pageGroupOf("/")).toBe("home");
    expect(pageGroupOf("/blog")).toBe("blog");
    expect(pageGroupOf("/blog/")).toBe("blog");
    expect(pageGroupOf("/blog/security-and-anonymity")).toBe("blog-post");
    expect(pageGroupOf("/contact")).toBe("contact");
    expect(pageGroupOf("/privacy")).toBe("privacy");
    expect(pageGroupOf("/register/model")).toBe("register-model");
    expect(pageGroupOf("/something-else")).toBe("other");
  });

  it("skips crawlers and scripts, not headless browsers", () => {
    expect(isBot(CHROME)).toBe(false);
    expect(isBot(HEADLESS)).toBe(false);
    expect(isBot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(
      true,
    );
    expect(isBot("Mozilla/5.0 (compatible; bingbot/2.0)")).toBe(true);
    expect(isBot("Mozilla/5.0 (compatible; AhrefsBot/7.0)")).toBe(true);
    expect(isBot("facebookexternalhit/1.1")).toBe(true);
    expect(isBot("curl/8.5.0")).toBe(true);
    expect(isBot("python-requests/2.31")).toBe(true);
    expect(isBot("")).toBe(true);
    expect(isBot(null)).toBe(true);
    expect(pageViewOf(get("/", { "user-agent": "Googlebot/2.1" }))).toBeNull();
    expect(pageViewOf(get("/", { "user-agent": HEADLESS }))).toBe("home");
  });

  it("counts documents and client-side navigations, not revalidations, posts or prefetches", () => {
    expect(pageViewOf(get("/blog"))).toBe("blog");
    // A navigation from the blog to the home page (React Router 8's .data request).
    expect(
      pageViewOf(
        get("/_.data?_routes=routes%2F_marketing%2Fhome", {
          referer: "http://127.0.0.1:3999/blog",
        }),
      ),
    ).toBe("home");
    expect(
      pageViewOf(
        get("/blog/security-and-anonymity.data", { referer: "http://127.0.0.1:3999/blog" }),
      ),
    ).toBe("blog-post");
    // The home page reloading its data after her form post: the same page, not a new view.
    expect(pageViewOf(get("/_.data", { referer: "http://127.0.0.1:3999/" }))).toBeNull();
    expect(
      pageViewOf(get("/contact.data", { referer: "http://127.0.0.1:3999/contact?lang=en" })),
    ).toBeNull();
    expect(pageViewOf(new Request("http://127.0.0.1:3999/?index", { method: "POST" }))).toBeNull();
    expect(pageViewOf(get("/blog.data", { "sec-purpose": "prefetch" }))).toBeNull();
  });
});

describe("the agency's day", () => {
  it("is the calendar day in Florianópolis, not in UTC", () => {
    expect(reportingDay(new Date("2026-03-10T02:30:00Z"))).toBe("2026-03-09");
    expect(reportingDay(new Date("2026-03-10T03:30:00Z"))).toBe("2026-03-10");
  });
});

describe.each(databaseTargets)("daily counts on %s", (_name, kind) => {
  let database: DatabaseHandle;
  // A day of its own far in the past, so runs and other tests never share rows.
  const day = `1971-${String(1 + Math.floor(Math.random() * 12)).padStart(2, "0")}-${String(
    1 + Math.floor(Math.random() * 28),
  ).padStart(2, "0")}`;
  const at = new Date(`${day}T15:00:00Z`);

  const stored = async (event: string, dimension: string) => {
    const [row] = await database.db
      .select({ count: dailyCounts.count })
      .from(dailyCounts)
      .where(
        and(
          eq(dailyCounts.day, day),
          eq(dailyCounts.event, event),
          eq(dailyCounts.dimension, dimension),
        ),
      );
    return row?.count ?? 0;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(dailyCounts).where(eq(dailyCounts.day, day));
    await database.close();
  });

  it("adds up: a new row, then count = count + n", async () => {
    await addCounts(database.db, [{ day, event: "page_view", dimension: "home", count: 1 }]);
    expect(await stored("page_view", "home")).toBe(1);
    await addCounts(database.db, [{ day, event: "page_view", dimension: "home", count: 2 }]);
    expect(await stored("page_view", "home")).toBe(3);
  });

  it("two writers at once lose nothing", async () => {
    await Promise.all(
      Array.from({ length: 8 }, () =>
        addCounts(database.db, [{ day, event: "page_view", dimension: "blog", count: 1 }]),
      ),
    );
    expect(await stored("page_view", "blog")).toBe(8);
  });

  it("counts in memory and writes them in one go", async () => {
    count("form_started", "form", at);
    count("form_started", "form", at);
    count("chatbot_started", "chatbot", at);
    await flushCounts(database.db);
    expect(await stored("form_started", "form")).toBe(2);
    expect(await stored("chatbot_started", "chatbot")).toBe(1);
    count("form_started", "form", at);
    await flushCounts(database.db);
    expect(await stored("form_started", "form")).toBe(3);
    // Nothing new: nothing written.
    await flushCounts(database.db);
    expect(await stored("form_started", "form")).toBe(3);
  });

  it("the page middleware counts answered pages and hands the answer on untouched", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
    try {
      const page = new Response("page", { status: 200 });
      const args = { request: get("/privacy") } as Parameters<typeof countPageViews>[0];
      expect(await countPageViews(args, () => Promise.resolve(page))).toBe(page);
      const missing = new Response("missing", { status: 404 });
      const notFound = { request: get("/privacy-old") } as Parameters<typeof countPageViews>[0];
      expect(await countPageViews(notFound, () => Promise.resolve(missing))).toBe(missing);
    } finally {
      vi.useRealTimers();
    }
    await flushCounts(database.db);
    expect(await stored("page_view", "privacy")).toBe(1);
    expect(await stored("page_view", "other")).toBe(0);
  });

  it("a failed write keeps the counts for the next one", async () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    count("page_view", "contact", at);
    const broken = {
      insert: () => {
        throw new Error("database gone");
      },
    } as unknown as DatabaseHandle["db"];
    await expect(flushCounts(broken)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    await flushCounts(database.db);
    expect(await stored("page_view", "contact")).toBe(1);
  });
});
