import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import {
  settings,
  staffAvailability,
  staffDaysOff,
  staffProfiles,
  user,
} from "#app/db/schema.server.ts";
import { defaultRules, rulesOf, type BookingRules, type WeeklyRange } from "./slots.server.ts";
import { TITLE_KEY } from "./invitation.server.ts";

/*
 * A manager's own availability (issue 29): her weekly hours in Brasília time, her booking rules
 * and her days off. Each staff member edits only hers: every function takes her own id from the
 * session, never from the form.
 */

export interface Availability {
  rules: BookingRules;
  ranges: WeeklyRange[];
  /** Her days off from today (Brasília) on. */
  daysOff: string[];
}

const brasiliaToday = sql`(now() at time zone 'America/Sao_Paulo')::date`;

export async function availabilityOf(db: Database, userId: string): Promise<Availability> {
  const [rules, ranges, daysOff] = await Promise.all([
    rulesOf(db, userId),
    db
      .select({
        weekday: staffAvailability.weekday,
        startMinute: staffAvailability.startMinute,
        endMinute: staffAvailability.endMinute,
      })
      .from(staffAvailability)
      .where(eq(staffAvailability.userId, userId))
      .orderBy(asc(staffAvailability.weekday), asc(staffAvailability.startMinute)),
    db
      .select({ day: staffDaysOff.day })
      .from(staffDaysOff)
      .where(and(eq(staffDaysOff.userId, userId), gte(staffDaysOff.day, brasiliaToday)))
      .orderBy(asc(staffDaysOff.day)),
  ]);
  return { rules: rules ?? defaultRules, ranges, daysOff: daysOff.map((row) => row.day) };
}

/**
 * Her profile row, made with her account's name when she has none yet (the rest of her profile
 * is edited on its own screen).
 */
async function ensureProfile(tx: Pick<Database, "insert">, userId: string) {
  await tx
    .insert(staffProfiles)
    .values({
      userId,
      displayName: sql`(select ${user.name} from ${user} where ${user.id} = ${userId})`,
    })
    .onConflictDoNothing();
}

/** Her weekly hours and rules, all or nothing. */
export async function saveAvailability(
  db: Database,
  userId: string,
  input: { rules: BookingRules; ranges: WeeklyRange[] },
) {
  await db.transaction(async (tx) => {
    await ensureProfile(tx, userId);
    await tx
      .update(staffProfiles)
      .set({ ...input.rules, updatedAt: sql`now()` })
      .where(eq(staffProfiles.userId, userId));
    await tx.delete(staffAvailability).where(eq(staffAvailability.userId, userId));
    if (input.ranges.length) {
      await tx
        .insert(staffAvailability)
        .values(input.ranges.map((range) => ({ ...range, userId })));
    }
  });
}

/** A day off (Brasília day); "past" for a day before today. */
export async function addDayOff(db: Database, userId: string, day: string) {
  return db.transaction(async (tx) => {
    const [{ past } = { past: false }] = await tx
      .select({ past: sql<boolean>`${day}::date < ${brasiliaToday}` })
      .from(sql`(select 1) as one`);
    if (past) return "past" as const;
    await ensureProfile(tx, userId);
    await tx.insert(staffDaysOff).values({ userId, day }).onConflictDoNothing();
    return "added" as const;
  });
}

export async function removeDayOff(db: Database, userId: string, day: string) {
  await db
    .delete(staffDaysOff)
    .where(and(eq(staffDaysOff.userId, userId), eq(staffDaysOff.day, day)));
}

/** The agency's invitation title (the admin's setting). */
export async function saveInvitationTitle(db: Database, adminId: string, title: string) {
  await db
    .insert(settings)
    .values({ key: TITLE_KEY, value: { title }, updatedBy: adminId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: { title }, updatedBy: adminId, updatedAt: sql`now()` },
    });
}
