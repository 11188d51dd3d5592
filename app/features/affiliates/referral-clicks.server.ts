import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { getDatabase, type Database } from "~/db/db.server";
import { affiliates, referralClicks } from "~/db/schema.server";
import { reportingDay } from "~/features/analytics/counting.server";
import { referralFromRequest } from "~/features/referrals/referral.server";
import { logger } from "~/utils/logger.server";

/**
 * The clicks of an affiliate's portal: visits that arrived with her `?ref=` link, counted on the
 * server per affiliate and day (referral_clicks). Nothing about the visitor is kept: no address,
 * no cookie beyond the `ref` one the link already sets.
 */

/**
 * Whether this request is a visit through a referral link that counts: a page's document
 * request (GET), from a browser, not a prefetch. Client-side data requests (`.data`) and the
 * revalidations after a form post carry the page's `?ref=` too and are not visits.
 *
 * A visitor whose `ref` cookie already holds this code arrived through the same link within the
 * last 30 days: a reload, or the same link opened again. That is still one visitor, and counting
 * it again would inflate her clicks and shrink her conversion; so it is not counted. A different
 * code than the remembered one is a new click (the latest link wins the attribution too).
 */
export function isReferralVisit(request: Request, code: string): boolean {
  if (request.method !== "GET") return false;
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(".data")) return false;
  const headers = request.headers;
  if (headers.get("sec-purpose")?.includes("prefetch") || headers.get("purpose") === "prefetch") {
    return false;
  }
  const userAgent = headers.get("user-agent");
  // isbot knows crawlers and link previews (WhatsApp, Instagram, Facebook unfurl every shared
  // link); a request without a User-Agent is a script.
  if (!userAgent || isbot(userAgent)) return false;
  return referralFromRequest(request) !== code;
}

/**
 * Adds one click to the active affiliate this code belongs to, on the agency's calendar day:
 * one statement, nothing written for an unknown or suspended code. Resolves to whether it counted.
 */
export async function recordReferralClick(
  db: Database,
  code: string,
  at = new Date(),
): Promise<boolean> {
  const day = reportingDay(at);
  const rows = await db
    .insert(referralClicks)
    .select(
      db
        .select({
          affiliateId: affiliates.id,
          day: sql<string>`${day}::date`.as("day"),
          clicks: sql<number>`1`.as("clicks"),
        })
        .from(affiliates)
        .where(sql`${affiliates.referralCode} = ${code} and ${affiliates.status} = 'active'`),
    )
    .onConflictDoUpdate({
      target: [referralClicks.affiliateId, referralClicks.day],
      set: { clicks: sql`${referralClicks.clicks} + 1` },
    })
    .returning({ affiliateId: referralClicks.affiliateId });
  return rows.length > 0;
}

// Writes under way: never awaited by a page, awaited by tests and by a clean shutdown.
const inFlight = new Set<Promise<void>>();

/**
 * Counts this request as a click of `code` when it is a referral visit (isReferralVisit). The
 * write runs beside the page, which never waits for it; a failure is logged, never thrown.
 */
export function countReferralClick(request: Request, code: string): void {
  let visit: boolean;
  try {
    visit = isReferralVisit(request, code);
  } catch (error) {
    logger().error({ event: "referrals.click-unreadable", err: error });
    return;
  }
  if (!visit) return;
  const write = getDatabase()
    .then((db) => recordReferralClick(db, code))
    .then(
      () => undefined,
      (error: unknown) => logger().error({ event: "referrals.click-not-counted", err: error }),
    )
    .finally(() => inFlight.delete(write));
  inFlight.add(write);
}

/** Resolves once every click counted so far is written (or has failed and been logged). */
export async function referralClicksSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}
