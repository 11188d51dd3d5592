import { z } from "zod";
import { getDatabase } from "#app/db/db.server.ts";
import { hitRateLimit } from "#app/utils/rate-limit.server.ts";
import { clientLimitKey, isCrossSiteRequest } from "#app/utils/request.server.ts";
import { count, isBot } from "./counting.server.ts";
import { startEvents, type StartEvent } from "./events.ts";
import { logger } from "#app/utils/logger.server.ts";

/** Beacons one address may send in an hour: a visitor sends one or two per page load. */
export const BEACON_LIMIT = { limit: 30, windowSeconds: 60 * 60 };

const beacon = z.union(
  (Object.entries(startEvents) as [StartEvent, readonly string[]][]).map(([event, dimensions]) =>
    z.object({ e: z.literal(event), d: z.enum(dimensions as [string, ...string[]]) }),
  ),
);

const empty = (status: number, headers?: HeadersInit) =>
  new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * POST /api/count?e=<event>&d=<dimension>: the browser's beacon that a visitor started the form
 * or the chat (app/features/analytics/beacon.ts). Only allow-listed events and dimensions, only
 * from this site's own pages, a few per address and hour; no cookie is read or set, and the
 * answer has no body. Bots, and an address past its few, are answered like everyone but not
 * counted: a beacon is never retried, so a 429 would tell the browser nothing it can use, and
 * would only put an error in the visitor's console (a shared office or phone network's
 * addresses reach the limit with people behind them).
 */
export async function handleCountBeacon(request: Request): Promise<Response> {
  if (request.method !== "POST") return empty(405, { Allow: "POST" });
  if (isCrossSiteRequest(request)) return empty(403);
  const url = new URL(request.url);
  const parsed = beacon.safeParse({ e: url.searchParams.get("e"), d: url.searchParams.get("d") });
  if (!parsed.success) return empty(400);
  if (isBot(request.headers.get("user-agent"))) return empty(204);
  const limited = await hitRateLimit(
    await getDatabase(),
    `count:${clientLimitKey(request)}`,
    BEACON_LIMIT,
  ).catch((error: unknown) => {
    logger().error({ event: "analytics.beacon-limit-unchecked", err: error });
    return null;
  });
  if (!limited) return empty(204);
  if (!limited.allowed) return empty(204);
  count(parsed.data.e, parsed.data.d);
  return empty(204);
}
