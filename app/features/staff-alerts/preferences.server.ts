import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Reader } from "#app/db/db.server.ts";
import { settings, staffAlertPreferences, user } from "#app/db/schema.server.ts";
import { defaultLanguage, normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import { staffAlertModes, type StaffAlertMode } from "#app/db/staff-alert-modes.ts";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import { DEFAULT_WAITING_DAYS, MAX_WAITING_DAYS } from "./limits.ts";
import { done, refused, type EmailOutcome } from "#app/mail/admin/result.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";

/** A new approver (or admin) hears once a day, in the morning of the agency's clock. */
export const DEFAULT_STAFF_ALERTS: StaffAlerts = { mode: "digest", digestHour: 8 };

export interface StaffAlerts {
  mode: StaffAlertMode;
  /** 0–23, Brasília time. */
  digestHour: number;
}

/** The staff who may be alerted at all: reviewers and admins whose account is in use. */
const alertedRoles = ["approver", "admin"] as const;

/**
 * Which of these staff members want to hear at once (their alert choice is "instant"), with the
 * address and language to write to: a disabled or unverified account, someone who is no longer
 * staff, or a digest or silent choice gets no mail. One query for a mention and a new model alike.
 */
export async function instantAlertRecipients(
  db: Reader,
  userIds: readonly string[],
): Promise<{ id: string; email: string; language: Language }[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      language: user.language,
      mode: staffAlertPreferences.mode,
    })
    .from(user)
    .leftJoin(staffAlertPreferences, eq(staffAlertPreferences.userId, user.id))
    .where(
      and(
        inArray(user.id, [...userIds]),
        inArray(user.role, alertedRoles),
        eq(user.disabled, false),
        eq(user.emailVerified, true),
      ),
    );
  return rows
    .filter((row) => (row.mode ?? DEFAULT_STAFF_ALERTS.mode) === "instant")
    .map((row) => ({
      id: row.id,
      email: row.email,
      language: normalizeLanguage(row.language) ?? defaultLanguage,
    }));
}

export async function readStaffAlerts(db: Reader, userId: string): Promise<StaffAlerts> {
  const [row] = await db
    .select({ mode: staffAlertPreferences.mode, digestHour: staffAlertPreferences.digestHour })
    .from(staffAlertPreferences)
    .where(eq(staffAlertPreferences.userId, userId));
  return row ?? DEFAULT_STAFF_ALERTS;
}

/** The form of /account/notifications, read by its action (utils/form.server.ts). */
export const staffAlertsForm = z.object({
  mode: z.enum(staffAlertModes, { message: "notifications.errors.mode" }),
  // A digest's hour matters only for the digest, but a bad one is refused whatever the mode:
  // the form always sends one, and a value the select never offers was not typed by her.
  digestHour: z
    .string({ message: "notifications.errors.hour" })
    .trim()
    .regex(/^\d{1,2}$/, "notifications.errors.hour")
    .transform(Number)
    .pipe(z.number().max(23, "notifications.errors.hour")),
});

/** What the form's action answers: saved, or a message for each field. */
export type StaffAlertsResult =
  { ok: true } | { ok: false; errors: FieldErrors<"mode" | "digestHour"> };

/** Saves her choice; the digest already sent today stays counted. */
export async function saveStaffAlerts(
  db: Database,
  userId: string,
  { mode, digestHour }: StaffAlerts,
): Promise<void> {
  await db
    .insert(staffAlertPreferences)
    .values({ userId, mode, digestHour })
    .onConflictDoUpdate({
      target: staffAlertPreferences.userId,
      set: { mode, digestHour, updatedAt: sql`now()` },
    });
}

/**
 * How long an application may wait for a decision before the dashboard and the digest point at
 * it (days, set in /admin/email).
 */
export const WAITING_DAYS_KEY = "review.waiting-days";

export async function readWaitingDays(db: Reader): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, WAITING_DAYS_KEY));
  const days = row?.value.days;
  return typeof days === "number" && Number.isInteger(days) && days >= 1 && days <= MAX_WAITING_DAYS
    ? days
    : DEFAULT_WAITING_DAYS;
}

// Digits only: what the number field sends. "1e1" or " 0x5" are not a count of days she typed.
const waitingForm = z
  .string()
  .regex(/^\d{1,3}$/, "admin.email.waiting.error")
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, "admin.email.waiting.error")
      .max(MAX_WAITING_DAYS, "admin.email.waiting.error"),
  );

/** The admin's new threshold, with its access-log row (from → to), in one transaction. */
export async function saveWaitingDays(
  db: Database,
  value: FormDataEntryValue | null,
  actor: Actor,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const parsed = waitingForm.safeParse(String(value ?? "").trim());
  if (!parsed.success) return { ok: false, error: "admin.email.waiting.error" };
  const days = parsed.data;
  await db.transaction(async (tx) => {
    const before = await readWaitingDays(tx);
    await tx
      .insert(settings)
      .values({ key: WAITING_DAYS_KEY, value: { days }, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { days }, updatedAt: new Date(), updatedBy: actor.id },
      });
    await recordAccess(tx, "settings.waiting-days", {
      actor,
      subject: `settings:${WAITING_DAYS_KEY}`,
      details: { from: before, to: days },
    });
  });
  return { ok: true };
}

/** The /admin/email form of the threshold: its answer beside the form. */
export async function handleWaitingDaysForm(
  db: Database,
  value: string,
  actor: Actor,
): Promise<EmailOutcome> {
  const saved = await saveWaitingDays(db, value, actor);
  if (!saved.ok) {
    return refused(400, "waiting-days", { errors: { days: saved.error }, message: saved.error });
  }
  const days = await readWaitingDays(db);
  return done("waiting-days", {
    message: "admin.email.waiting.saved",
    params: { count: String(days) },
  });
}
