import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database, Reader } from "#app/db/db.server.ts";
import { staffProfiles, submissions, user, welcomeCalls } from "#app/db/schema.server.ts";
import { freeSlotsOf } from "./slots.server.ts";
import { invitationTitle } from "./invitation.server.ts";
import {
  queueCallMails,
  queueReminders,
  withdrawReminders,
  type CallFacts,
  type CallPeople,
} from "./mails.server.ts";
import { canonicalTimeZone } from "./time-zones.ts";

/*
 * The welcome call as the model books it (issue 29, product.md section 8). Only her own
 * application counts: the newest approved one sent with her verified address, with a talent
 * manager. Every rule is checked here against the database's clock, inside the transaction that
 * writes; two bookings of one time at once are told apart by the database itself (the
 * welcome_calls exclusion constraint and its one-booked-call-per-application index).
 */

/** A change to her call is possible until this long before it. */
export const CHANGE_LIMIT_HOURS = 2;

export interface ModelViewer {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export interface HerApplication {
  id: number;
  managerId: string | null;
  fullName: string;
  email: string;
  language: string;
  country: string | null;
}

/** Her newest approved application (null: none, or her address is not verified). */
export async function herApprovedApplication(
  db: Reader,
  viewer: Pick<ModelViewer, "email" | "emailVerified">,
): Promise<HerApplication | null> {
  if (!viewer.emailVerified) return null;
  const [row] = await db
    .select({
      id: submissions.id,
      managerId: submissions.managerId,
      fullName: submissions.fullName,
      email: submissions.email,
      language: submissions.language,
      country: submissions.country,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.emailNormalized, viewer.email.trim().toLowerCase()),
        eq(submissions.status, "Aprovado"),
        isNull(submissions.erasedAt),
      ),
    )
    .orderBy(
      desc(isNotNull(submissions.managerId)),
      desc(submissions.createdAt),
      desc(submissions.id),
    )
    .limit(1);
  return row ?? null;
}

export interface HerCall {
  id: number;
  uid: string;
  state: "booked" | "held" | "missed" | "cancelled";
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  sequence: number;
  reminderMailIds: number[];
}

/** Her application's current call: the booked one, else the one held (null: none). */
export async function currentCallOf(db: Reader, submissionId: number): Promise<HerCall | null> {
  const [row] = await db
    .select({
      id: welcomeCalls.id,
      uid: welcomeCalls.uid,
      state: welcomeCalls.state,
      startsAt: welcomeCalls.startsAt,
      endsAt: welcomeCalls.endsAt,
      timeZone: welcomeCalls.timeZone,
      sequence: welcomeCalls.sequence,
      reminderMailIds: welcomeCalls.reminderMailIds,
    })
    .from(welcomeCalls)
    .where(
      and(
        eq(welcomeCalls.submissionId, submissionId),
        inArray(welcomeCalls.state, ["booked", "held"]),
      ),
    )
    .orderBy(sql`${welcomeCalls.state} = 'booked' desc`, desc(welcomeCalls.startsAt))
    .limit(1);
  return row ?? null;
}

/** The database's clock: every rule of time is checked against it, whatever the instance's. */
export async function databaseNow(db: Pick<Database, "execute">): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  const value = (result as unknown as { rows: { now: Date | string }[] }).rows[0]!.now;
  return new Date(value);
}

/** Whether a booked call may still be moved or cancelled at `now`. */
export const changeable = (call: { startsAt: Date }, now: Date) =>
  call.startsAt.getTime() - now.getTime() >= CHANGE_LIMIT_HOURS * 3_600_000;

/** The manager's name, address, language and meeting link. */
async function managerOf(db: Reader, managerId: string) {
  const [row] = await db
    .select({
      name: sql<string>`coalesce(${staffProfiles.displayName}, ${user.name})`,
      email: user.email,
      language: user.language,
      meetingUrl: staffProfiles.meetingUrl,
    })
    .from(user)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
    .where(eq(user.id, managerId));
  return row ?? null;
}

async function peopleOf(
  tx: Reader,
  viewer: ModelViewer,
  application: HerApplication,
  timeZone: string,
): Promise<{ people: CallPeople; meetingUrl: string | null } | null> {
  const manager = await managerOf(tx, application.managerId!);
  if (!manager) return null;
  const [account] = await tx
    .select({ language: user.language })
    .from(user)
    .where(eq(user.id, viewer.id));
  return {
    meetingUrl: manager.meetingUrl,
    people: {
      submissionId: application.id,
      model: {
        name: viewer.name || application.fullName,
        email: viewer.email,
        language: account?.language ?? application.language,
        timeZone,
      },
      manager: { name: manager.name, email: manager.email, language: manager.language },
    },
  };
}

export type BookingOutcome =
  | { outcome: "booked" | "moved"; callId: number }
  /** Someone else took it first (or at the same moment): 409. */
  | { outcome: "taken" }
  /** Not one of her manager's times (posted by hand, or too soon, too far): 400. */
  | { outcome: "unavailable" }
  /** She already has a call (booking again), or has none (moving one): 409. */
  | { outcome: "already-booked" | "no-call" }
  /** Her call is less than two hours away: 409. */
  | { outcome: "too-late" }
  /** No approved application with a manager, or not her call: 404. */
  | { outcome: "not-allowed" };

const CONFLICTS = new Set(["23P01", "23505"]);

function conflictCode(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONFLICTS.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Books her welcome call at `startsAt`, or moves her booked call there (`moveCallId`: it must
 * be hers). The time must be one of her manager's free times at the database's clock; a time
 * another booking took first answers "taken". Moving keeps the invitation's UID and raises its
 * SEQUENCE; the reminders are queued again for the new time.
 */
export async function bookCall(
  db: Database,
  viewer: ModelViewer,
  input: { startsAt: Date; timeZone: string; moveCallId?: number },
): Promise<BookingOutcome> {
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone) return { outcome: "unavailable" };
  try {
    return await db.transaction(async (tx) => {
      const application = await herApprovedApplication(tx, viewer);
      if (!application?.managerId) return { outcome: "not-allowed" };
      const managerId = application.managerId;
      const now = await databaseNow(tx);
      const [current] = await tx
        .select()
        .from(welcomeCalls)
        .where(and(eq(welcomeCalls.submissionId, application.id), eq(welcomeCalls.state, "booked")))
        .for("update");
      // The same post again (her phone lost the answer and sent it once more): done already,
      // so answered as done, with nothing changed, mailed or re-sequenced a second time.
      const again = current?.startsAt.getTime() === input.startsAt.getTime();
      if (input.moveCallId === undefined && current) {
        return again ? { outcome: "booked", callId: current.id } : { outcome: "already-booked" };
      }
      if (input.moveCallId !== undefined) {
        if (!current) return { outcome: "no-call" };
        if (current.id !== input.moveCallId) return { outcome: "not-allowed" };
        if (again) return { outcome: "moved", callId: current.id };
        if (!changeable(current, now)) return { outcome: "too-late" };
      }
      // A moved call is with her manager of today: the new time is from her availability.
      const { slots, rules } = await freeSlotsOf(tx, managerId, now, {
        exceptCallId: current?.id,
      });
      const wanted = input.startsAt.getTime();
      if (!slots.some((slot) => slot.getTime() === wanted)) {
        // One of her times that a call holds now: taken. Anything else was never offered.
        const { slots: all } = await freeSlotsOf(tx, managerId, now, { ignoreCalls: true });
        return { outcome: all.some((slot) => slot.getTime() === wanted) ? "taken" : "unavailable" };
      }
      const found = await peopleOf(tx, viewer, application, timeZone);
      if (!found) return { outcome: "not-allowed" };
      const startsAt = new Date(wanted);
      const endsAt = new Date(wanted + rules.callMinutes * 60_000);
      const title = await invitationTitle(tx);
      let call: CallFacts & { id: number };
      if (current) {
        await withdrawReminders(tx, current.reminderMailIds);
        const [moved] = await tx
          .update(welcomeCalls)
          .set({
            startsAt,
            endsAt,
            managerId,
            timeZone,
            sequence: sql`${welcomeCalls.sequence} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(welcomeCalls.id, current.id))
          .returning({
            id: welcomeCalls.id,
            uid: welcomeCalls.uid,
            sequence: welcomeCalls.sequence,
          });
        call = { ...moved!, startsAt, endsAt, title, meetingUrl: found.meetingUrl };
      } else {
        const [booked] = await tx
          .insert(welcomeCalls)
          .values({
            uid: `${randomUUID()}@welcome-call.maretalent`,
            submissionId: application.id,
            managerId,
            startsAt,
            endsAt,
            timeZone,
            bookedBy: viewer.id,
          })
          .returning({
            id: welcomeCalls.id,
            uid: welcomeCalls.uid,
            sequence: welcomeCalls.sequence,
          });
        call = { ...booked!, startsAt, endsAt, title, meetingUrl: found.meetingUrl };
      }
      await queueCallMails(tx, found.people, call, current ? "moved" : "booked");
      const reminders = await queueReminders(tx, found.people, call, now);
      await tx
        .update(welcomeCalls)
        .set({ reminderMailIds: reminders })
        .where(eq(welcomeCalls.id, call.id));
      return { outcome: current ? "moved" : "booked", callId: call.id };
    });
  } catch (error) {
    // Another booking of an overlapping time (or a second call of hers) committed first.
    if (conflictCode(error)) return { outcome: "taken" };
    throw error;
  }
}

export type CancelOutcome = "cancelled" | "too-late" | "not-allowed";

/**
 * Cancels her booked call (it must be hers: its id with her own application), until two hours
 * before it; both get the invitation's CANCEL and the reminders are withdrawn.
 */
export async function cancelCall(
  db: Database,
  viewer: ModelViewer,
  callId: number,
): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const application = await herApprovedApplication(tx, viewer);
    if (!application?.managerId) return "not-allowed";
    const [current] = await tx
      .select()
      .from(welcomeCalls)
      .where(
        and(
          eq(welcomeCalls.id, callId),
          eq(welcomeCalls.submissionId, application.id),
          eq(welcomeCalls.state, "booked"),
        ),
      )
      .for("update");
    if (!current) return "not-allowed";
    const now = await databaseNow(tx);
    if (!changeable(current, now)) return "too-late";
    const manager = await managerOf(tx, current.managerId);
    const found = await peopleOf(
      tx,
      viewer,
      { ...application, managerId: current.managerId },
      current.timeZone,
    );
    await withdrawReminders(tx, current.reminderMailIds);
    const [cancelled] = await tx
      .update(welcomeCalls)
      .set({
        state: "cancelled",
        sequence: sql`${welcomeCalls.sequence} + 1`,
        reminderMailIds: [],
        closedBy: viewer.id,
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(welcomeCalls.id, current.id))
      .returning({ sequence: welcomeCalls.sequence });
    if (found) {
      await queueCallMails(
        tx,
        found.people,
        {
          uid: current.uid,
          sequence: cancelled!.sequence,
          startsAt: current.startsAt,
          endsAt: current.endsAt,
          title: await invitationTitle(tx),
          meetingUrl: manager?.meetingUrl ?? null,
        },
        "cancelled",
      );
    }
    return "cancelled";
  });
}
