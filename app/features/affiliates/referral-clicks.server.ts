import { createHmac, hkdfSync } from "node:crypto";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { getDatabase, type Database } from "#app/db/db.server.ts";
import { affiliates, referralClicks, referralClickVisitors } from "#app/db/schema.server.ts";
import { reportingDay } from "#app/features/analytics/counting.server.ts";
import { referralFromRequest } from "#app/features/referrals/referral.server.ts";
import { getEncryptionKey } from "#app/utils/encryption.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { clientIp, limitKeyOfAddress } from "#app/utils/request.server.ts";

/**
 * The clicks of an affiliate's portal: visitors that arrived with her `?ref=` link, counted on
 * the server per affiliate and day (referral_clicks). A visitor is her address and browser: she
 * counts once per affiliate and day however often she comes, and one address counts at most
 * VISITORS_PER_ADDRESS visitors (a script that changes its User-Agent, or a shared office
 * connection). What tells visitors apart is kept only as keyed hashes, for the day
 * (referral_click_visitors): no address, no cookie beyond the `ref` one the link already sets.
 */

/**
 * Different browsers counted from one address per affiliate and day. Several people can share an
 * address (a household, an office, a mobile carrier's NAT); a script can claim any User-Agent.
 */
export const VISITORS_PER_ADDRESS = 10;

let hashKey: Buffer | undefined;

/**
 * The key of the visitor hashes, derived from the data encryption key (the same on every
 * instance, kept secret like it): without it, a copy of the table cannot be matched against
 * guessed addresses (IPv4 has only four billion). HKDF keeps the two uses apart.
 */
function visitorKey(): Buffer {
  hashKey ??= Buffer.from(
    hkdfSync("sha256", getEncryptionKey().key, "", "mare-talent referral click visitors", 32),
  );
  return hashKey;
}

const keyed = (...parts: string[]) =>
  createHmac("sha256", visitorKey()).update(parts.join("\n")).digest("base64url").slice(0, 22);

/**
 * The keyed hashes of a visitor on a day: of her address (an IPv6 address as its /64, which one
 * person holds whole), and of her address with her browser. The day is in both, so nothing links
 * her visits of one day to another's.
 */
export function visitorHashes(day: string, ip: string, userAgent: string) {
  const address = limitKeyOfAddress(ip);
  return { address: keyed(day, address), visitor: keyed(day, address, userAgent) };
}

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

export interface ReferralVisitor {
  ip: string;
  userAgent: string;
}

/**
 * Adds one click to the active affiliate this code belongs to, on the agency's calendar day,
 * when this visitor was not counted for her today and her address is under its cap: one
 * statement (the visitor row's lock orders concurrent clicks from one address), nothing written
 * for an unknown or suspended code. Resolves to whether it counted.
 */
export async function recordReferralClick(
  db: Database,
  code: string,
  visitor: ReferralVisitor,
  at = new Date(),
): Promise<boolean> {
  const day = reportingDay(at);
  await forgetPastVisitors(db, day);
  const hashes = visitorHashes(day, visitor.ip, visitor.userAgent);
  const result = await db.execute(sql`
    with seen as (
      insert into ${referralClickVisitors} (affiliate_id, day, address, visitors)
      select ${affiliates.id}, ${day}::date, ${hashes.address}, array[${hashes.visitor}]::text[]
      from ${affiliates}
      where ${affiliates.referralCode} = ${code} and ${affiliates.status} = 'active'
      on conflict (affiliate_id, day, address) do update
        set visitors = ${referralClickVisitors.visitors} || excluded.visitors
        where not (${hashes.visitor} = any(${referralClickVisitors.visitors}))
          and cardinality(${referralClickVisitors.visitors}) < ${VISITORS_PER_ADDRESS}
      returning affiliate_id
    )
    insert into ${referralClicks} (affiliate_id, day, clicks)
    select affiliate_id, ${day}::date, 1 from seen
    on conflict (affiliate_id, day) do update set clicks = ${referralClicks.clicks} + 1
    returning affiliate_id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

let forgottenBefore: string | undefined;

/** Deletes the visitor hashes of past days, once a day per process: they served their day. */
async function forgetPastVisitors(db: Database, day: string) {
  if (forgottenBefore === day) return;
  await db.execute(sql`delete from ${referralClickVisitors} where day < ${day}::date`);
  forgottenBefore = day;
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
  const visitor = {
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent") ?? "",
  };
  const write = getDatabase()
    .then((db) => recordReferralClick(db, code, visitor))
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
