import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { staffProfiles, user } from "#app/db/schema.server.ts";
import {
  changeable,
  currentCallOf,
  databaseNow,
  herApprovedApplication,
  type ModelViewer,
} from "./booking.server.ts";
import { dayKey, dayLabel, timeLabel, zoneLabel } from "./format.ts";
import { freeSlotsOf } from "./slots.server.ts";
import { BRASILIA, canonicalTimeZone, timeZoneOfCountry } from "./time-zones.ts";
import type { SlotDay, WelcomeCallCardData, ZoneSource } from "./card-data.ts";

/** The cookie the card's script sets with the browser's zone (a choice in the list wins). */
export const ZONE_COOKIE = "mare_tz";

/**
 * The zone her times are shown in: the one she chose (`?tz=`), else her browser's (the cookie),
 * else her country's, else Brasília's. Anything that is not a zone is ignored.
 */
export function zoneFor(
  request: Request,
  country: string | null,
): {
  zone: string;
  source: ZoneSource;
} {
  const chosen = canonicalTimeZone(new URL(request.url).searchParams.get("tz"));
  if (chosen) return { zone: chosen, source: "chosen" };
  const cookie = (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${ZONE_COOKIE}=`))
    ?.slice(ZONE_COOKIE.length + 1);
  let fromBrowser: string | null = null;
  try {
    fromBrowser = cookie ? canonicalTimeZone(decodeURIComponent(cookie)) : null;
  } catch {
    fromBrowser = null;
  }
  if (fromBrowser) return { zone: fromBrowser, source: "browser" };
  const ofCountry = timeZoneOfCountry(country);
  if (ofCountry) return { zone: ofCountry, source: "country" };
  return { zone: BRASILIA, source: "brasilia" };
}

/**
 * What her dashboard's "Welcome call" card shows: nothing before her approval; a word while
 * she has no manager; then her manager's free times in her zone, or her booked call.
 */
export async function welcomeCallCard(
  db: Database,
  viewer: ModelViewer,
  request: Request,
  language: string,
): Promise<WelcomeCallCardData | null> {
  const application = await herApprovedApplication(db, viewer);
  if (!application) return null;
  if (!application.managerId) return { kind: "waiting" };
  const { zone, source } = zoneFor(request, application.country);
  const now = await databaseNow(db);
  const [manager] = await db
    .select({
      name: sql<string>`coalesce(${staffProfiles.displayName}, ${user.name})`,
      meetingUrl: staffProfiles.meetingUrl,
    })
    .from(user)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
    .where(eq(user.id, application.managerId));
  const call = await currentCallOf(db, application.id);
  const booked = call?.state === "booked" ? call : null;
  const { slots } =
    call?.state === "held"
      ? { slots: [] }
      : await freeSlotsOf(db, application.managerId, now, { exceptCallId: booked?.id });
  const days: SlotDay[] = [];
  for (const slot of slots) {
    // Her own booked time is not offered again.
    if (booked && slot.getTime() === booked.startsAt.getTime()) continue;
    const key = dayKey(slot, zone);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: dayLabel(slot, zone, language), times: [] };
      days.push(day);
    }
    day.times.push({ value: slot.toISOString(), label: timeLabel(slot, zone, language) });
  }
  const firstName = (manager?.name ?? "").trim().split(/\s+/)[0] ?? "";
  return {
    kind: "open",
    manager: firstName,
    zone,
    zoneLabel: zoneLabel(zone, language, slots[0] ?? now),
    zoneSource: source,
    days,
    call: call
      ? {
          id: call.id,
          state: call.state === "held" ? "held" : "booked",
          // The zone is named just below, on the card's zone line.
          when: `${dayLabel(call.startsAt, zone, language)}, ${timeLabel(call.startsAt, zone, language)}`,
          startsAt: call.startsAt.toISOString(),
          canChange: call.state === "booked" && changeable(call, now),
          meetingUrl: manager?.meetingUrl ?? null,
        }
      : null,
  };
}
