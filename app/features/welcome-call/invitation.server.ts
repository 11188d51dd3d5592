import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { Reader } from "#app/db/db.server.ts";
import { settings } from "#app/db/schema.server.ts";
import { agency } from "#app/utils/agency.ts";
import { getEnv } from "#app/utils/env.server.ts";

/*
 * A welcome call's calendar invitation (RFC 5545 through ical-generator): one UID for the call's
 * whole life, a higher SEQUENCE at each change, METHOD:REQUEST while it stands and CANCEL when it
 * is called off. Each reader gets it in her own zone (TZID with its VTIMEZONE block), so her
 * calendar shows the time she chose. The title is the agency's neutral one (a setting): many
 * models share a phone or an inbox, so nothing in it says what the work is.
 */

export const TITLE_KEY = "welcome-call.title";
export const DEFAULT_TITLE = "Conversa — Maré";

/** The invitation's title as the admin set it (the default until then). */
export async function invitationTitle(db: Reader): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, TITLE_KEY));
  const title = row?.value.title;
  return typeof title === "string" && title.trim() ? title : DEFAULT_TITLE;
}

export interface InvitationInput {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** The reader's zone: hers, or Brasília's for the manager. */
  timeZone: string;
  title: string;
  meetingUrl: string | null;
  manager: { name: string; email: string };
  model: { name: string; email: string };
}

/** The .ics text of one call, for one reader. */
export function invitationIcs(input: InvitationInput): string {
  const calendar = ical({
    prodId: { company: agency.name, product: "welcome-call", language: "EN" },
    method: input.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // The zone is the event's, not the calendar's: a calendar zone would write DTSTAMP as a local
  // time, where RFC 5545 wants UTC. The generator gives the event's zone its VTIMEZONE block.
  calendar.timezone({
    name: null,
    generator: (zone) => {
      const block = tzlib_get_ical_block(zone, false);
      return Array.isArray(block) ? (block[0] ?? null) : null;
    },
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    // ical-generator writes a time with a TZID as the wall time of the value it is given: a
    // TZDate in that zone, so a plain Date's UTC fields are never taken for local ones.
    start: new TZDate(input.startsAt.getTime(), input.timeZone),
    end: new TZDate(input.endsAt.getTime(), input.timeZone),
    timezone: input.timeZone,
    summary: input.title,
    status: input.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(input.meetingUrl
      ? { location: input.meetingUrl, url: input.meetingUrl, description: input.meetingUrl }
      : {}),
    // The agency sends it (its own address), so neither reader is asked to "organise" it.
    organizer: { name: agency.name, email: getEnv().MAIL_FROM },
    attendees: [input.model, input.manager].map((person) => ({
      name: person.name,
      email: person.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.ACCEPTED,
    })),
  });
  return calendar.toString();
}
