import { TZDate } from "@date-fns/tz";
import { and, asc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import type { Role } from "#app/db/roles.ts";
import { submissions, user, welcomeCalls } from "#app/db/schema.server.ts";
import { completeStepByKey } from "#app/features/onboarding/steps.server.ts";
import { databaseNow } from "./booking.server.ts";
import { dayKey, dayLabel, timeLabel } from "./format.ts";
import { withdrawReminders } from "./mails.server.ts";
import { BRASILIA } from "./time-zones.ts";

/*
 * A manager's agenda (issue 29): her calls a week at a time (Monday to Sunday, Brasília), each
 * with the model's name, her time and Brasília's; once a call has begun she marks it held or
 * missed, and held completes the "welcome-call" onboarding step in the same transaction.
 */

export interface AgendaCall {
  id: number;
  submissionId: number;
  model: string;
  state: "booked" | "held" | "missed" | "cancelled";
  day: string;
  brasilia: string;
  /** Her time and zone, when hers is not Brasília's. */
  hers: string | null;
  canMark: boolean;
}

/** The Monday (Brasília) of the week a day is in, "2026-03-30"; today's when not a day. */
export function weekOf(value: string | null, today: Date): string {
  const base =
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`))
      ? new TZDate(`${value}T12:00:00`, BRASILIA)
      : new TZDate(today.getTime(), BRASILIA);
  const monday = new TZDate(
    base.getFullYear(),
    base.getMonth(),
    base.getDate() - ((base.getDay() + 6) % 7),
    12,
    0,
    BRASILIA,
  );
  return dayKey(monday, BRASILIA);
}

/** The Monday a week before or after. */
export function shiftWeek(monday: string, weeks: number) {
  const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
  return dayKey(new TZDate(y, m - 1, d + 7 * weeks, 12, 0, BRASILIA), BRASILIA);
}

/** The staff who have calls to show: approvers and admins, by name (the admin's choice). */
export async function agendaOwners(db: Database) {
  return db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.role, ["approver", "admin"]))
    .orderBy(asc(user.name));
}

export async function agendaWeek(
  db: Database,
  managerId: string,
  monday: string,
  language: string,
): Promise<{ calls: AgendaCall[]; from: Date; to: Date }> {
  const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
  const from = new Date(new TZDate(y, m - 1, d, 0, 0, BRASILIA).getTime());
  const to = new Date(new TZDate(y, m - 1, d + 7, 0, 0, BRASILIA).getTime());
  const now = await databaseNow(db);
  const rows = await db
    .select({
      id: welcomeCalls.id,
      submissionId: welcomeCalls.submissionId,
      model: submissions.fullName,
      state: welcomeCalls.state,
      startsAt: welcomeCalls.startsAt,
      timeZone: welcomeCalls.timeZone,
    })
    .from(welcomeCalls)
    .innerJoin(submissions, eq(submissions.id, welcomeCalls.submissionId))
    .where(
      and(
        eq(welcomeCalls.managerId, managerId),
        ne(welcomeCalls.state, "cancelled"),
        gte(welcomeCalls.startsAt, from),
        lt(welcomeCalls.startsAt, to),
      ),
    )
    .orderBy(asc(welcomeCalls.startsAt));
  return {
    from,
    to,
    calls: rows.map((row) => ({
      id: row.id,
      submissionId: row.submissionId,
      model: row.model,
      state: row.state,
      day: dayLabel(row.startsAt, BRASILIA, language),
      brasilia: timeLabel(row.startsAt, BRASILIA, language),
      hers:
        row.timeZone === BRASILIA
          ? null
          : `${timeLabel(row.startsAt, row.timeZone, language)} (${row.timeZone.replace(/_/g, " ")})`,
      canMark: row.state === "booked" && row.startsAt.getTime() <= now.getTime(),
    })),
  };
}

export type MarkOutcome = "marked" | "not-found" | "not-started" | "closed";

/**
 * Marks a call held or missed: her manager's call, or any for an admin; only once it has begun
 * (the database's clock) and while it is booked. Held completes her "welcome-call" step.
 */
export async function markCall(
  db: Database,
  actor: Actor & { role: Role },
  callId: number,
  outcome: "held" | "missed",
): Promise<MarkOutcome> {
  return db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(welcomeCalls)
      .where(
        and(
          eq(welcomeCalls.id, callId),
          actor.role === "admin" ? undefined : eq(welcomeCalls.managerId, actor.id),
        ),
      )
      .for("update");
    if (!call || call.state === "cancelled") return "not-found";
    if (call.state !== "booked") return "closed";
    const now = await databaseNow(tx);
    if (call.startsAt.getTime() > now.getTime()) return "not-started";
    await withdrawReminders(tx, call.reminderMailIds);
    await tx
      .update(welcomeCalls)
      .set({
        state: outcome,
        reminderMailIds: [],
        closedBy: actor.id,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(welcomeCalls.id, call.id));
    if (outcome === "held") {
      await completeStepByKey(tx, call.submissionId, "welcome-call", actor.id);
    }
    await recordAccess(tx, "submission.welcome-call", {
      actor: { id: actor.id, ip: actor.ip ?? null },
      subject: `submission:${call.submissionId}`,
      details: { outcome, call: call.id },
    });
    return "marked";
  });
}
