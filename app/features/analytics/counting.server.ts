import type { MiddlewareFunction } from "react-router";
import { getDatabase, type Database } from "#app/db/db.server.ts";
import { dailyCounts } from "#app/db/schema.server.ts";
import { sql } from "drizzle-orm";
import { reportingTimeZone, type CountedEvent, type PageGroup } from "./events.ts";
import { logger } from "#app/utils/logger.server.ts";
import type { RequestHead } from "#app/utils/request-head.ts";

/**
 * First-party, cookie-free counting (issue 5, the analytics funnel): how many times something
 * happened per day, never who did it. No cookie is read or set and nothing about the visitor is
 * kept; a count is one number per day, event and dimension (the dailyCounts table).
 *
 * Counts are added up in memory and written at most every couple of seconds, in one upsert
 * (`count = count + n`), so a page never waits for the database, a busy day never makes every
 * request update the same row, and a failing write is logged and retried with the next write
 * instead of reaching a visitor. Several app instances each add their own share.
 */

const WRITE_DELAY_MS = 2_000;

// "day\tevent\tdimension" → how many not written yet.
const pending = new Map<string, number>();
let timer: ReturnType<typeof setTimeout> | undefined;

const dayParts = new Intl.DateTimeFormat("en-US", {
  timeZone: reportingTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The agency's calendar day of a moment, as `YYYY-MM-DD`. */
export function reportingDay(at: Date): string {
  const parts = Object.fromEntries(dayParts.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Counts one event now (or at `at`); written shortly after, never awaited by the caller. */
export function count(event: CountedEvent, dimension: string, at = new Date()) {
  const key = `${reportingDay(at)}\t${event}\t${dimension}`;
  pending.set(key, (pending.get(key) ?? 0) + 1);
  if (!timer) {
    timer = setTimeout(() => {
      timer = undefined;
      void flushCounts();
    }, WRITE_DELAY_MS);
    timer.unref();
  }
}

export interface CountRow {
  day: string;
  event: string;
  dimension: string;
  count: number;
}

/** Adds these counts to the table: one statement, `count = count + n` on the rows that exist. */
export async function addCounts(db: Database, rows: CountRow[]) {
  if (rows.length === 0) return;
  await db
    .insert(dailyCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [dailyCounts.day, dailyCounts.event, dailyCounts.dimension],
      set: { count: sql`${dailyCounts.count} + excluded.count` },
    });
}

/**
 * Writes what was counted so far (the analytics screen calls it first, so it shows this
 * instance's latest counts; the server's shutdown too). Never throws: a failure is logged and
 * the counts wait for the next write.
 */
export async function flushCounts(db?: Database): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (pending.size === 0) return;
  // In a fixed order, so two instances writing at once never wait on each other's rows.
  const rows = [...pending.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  pending.clear();
  try {
    await addCounts(
      db ?? (await getDatabase()),
      rows.map(([key, n]) => {
        const [day, event, dimension] = key.split("\t") as [string, string, string];
        return { day, event, dimension, count: n };
      }),
    );
  } catch (error) {
    for (const [key, n] of rows) pending.set(key, (pending.get(key) ?? 0) + n);
    // Kept in `pending` for the next write.
    logger().error({ event: "analytics.counts-not-written", err: error });
  }
}

/**
 * Crawlers, link previews, audits and scripts: not visitors. Only obvious ones: headless
 * browsers are people's tools too (and the browser tests'), so "HeadlessChrome" still counts.
 * A request with no User-Agent at all is not a browser.
 */
const NOT_A_VISITOR =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|preview|lighthouse|pagespeed|curl\/|wget\/|python-|go-http-client|okhttp|java\/|libwww|scrapy|httpclient|axios\/|node-fetch|undici/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent || NOT_A_VISITOR.test(userAgent);
}

/** The page a URL shows, for the page-view counts. */
export function pageGroupOf(pathname: string): PageGroup {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return "home";
  if (path === "/blog") return "blog";
  if (path.startsWith("/blog/")) return "blog-post";
  if (path === "/contact") return "contact";
  if (path === "/privacy") return "privacy";
  if (path === "/register/model") return "register-model";
  return "other";
}

/**
 * The page path of a request, its `.data` form (a client-side navigation) included: React Router
 * 8 asks for `/blog.data` for /blog and `/_.data` for / (any path ending in a slash).
 */
function pagePath(pathname: string): { path: string; data: boolean } {
  if (pathname.endsWith("/_.data"))
    return { path: pathname.slice(0, -"_.data".length), data: true };
  if (pathname.endsWith(".data")) return { path: pathname.slice(0, -".data".length), data: true };
  return { path: pathname, data: false };
}

/**
 * Whether this request is someone looking at a public page: a document request (a hit of the
 * document cache, which no middleware sees, asks this too: app/entry.server.tsx), or the `.data`
 * request of a client-side navigation to the page. Not: posts, HEAD, prefetches, bots, and the `.data`
 * request a page makes for itself after a form post (its Referer is the same page).
 */
export function pageViewOf(request: RequestHead): PageGroup | null {
  if (request.method !== "GET") return null;
  const headers = request.headers;
  if (headers.get("sec-purpose")?.includes("prefetch") || headers.get("purpose") === "prefetch") {
    return null;
  }
  if (isBot(headers.get("user-agent"))) return null;
  const url = new URL(request.url);
  const { path, data } = pagePath(url.pathname);
  if (data) {
    const referer = headers.get("referer");
    if (referer) {
      try {
        if (new URL(referer).pathname === path) return null; // revalidation, or ?lang= switch
      } catch {
        // An unreadable Referer: counted like one from elsewhere.
      }
    }
  }
  return pageGroupOf(path);
}

/**
 * Route middleware of the public pages (the marketing layout and /register/model): counts the
 * page once it was answered with 200, or 304 (her browser revalidated the page it keeps: she is
 * looking at it all the same), without holding the answer back.
 */
export const countPageViews: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  try {
    const shown = response.status === 200 || response.status === 304;
    const group = shown ? pageViewOf(request) : null;
    if (group) count("page_view", group);
  } catch (error) {
    logger().error({ event: "analytics.page-view-not-counted", err: error });
  }
  return response;
};
