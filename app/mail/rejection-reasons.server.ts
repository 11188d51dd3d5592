import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAccess, type AccessDetails, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { rejectionReasons } from "#app/db/schema.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { done, refused, type EmailOutcome } from "#app/mail/admin/result.ts";

/**
 * The reasons a reviewer picks from when rejecting an application. Each reason sends its own
 * mail: the template `rejected:<id>`, which falls back to the general "rejected" wording (and
 * that one to the built-in text) in every language where it has no wording of its own.
 */
export interface RejectionReason {
  id: number;
  label: string;
  position: number;
  active: boolean;
}

/** The reasons in their order; `activeOnly` for the list reviewers pick from. */
export async function listRejectionReasons(
  db: Reader,
  { activeOnly = false } = {},
): Promise<RejectionReason[]> {
  return db
    .select({
      id: rejectionReasons.id,
      label: rejectionReasons.label,
      position: rejectionReasons.position,
      active: rejectionReasons.active,
    })
    .from(rejectionReasons)
    .where(activeOnly ? eq(rejectionReasons.active, true) : undefined)
    .orderBy(asc(rejectionReasons.position), asc(rejectionReasons.id));
}

/** The template key of a reason's mail. */
export function rejectionTemplateKey(reasonId: number) {
  return `rejected:${reasonId}`;
}

/** The templates to look for, most specific first, for a rejection with or without a reason. */
export function rejectionTemplateKeys(reasonId?: number | null): string[] {
  return reasonId ? [rejectionTemplateKey(reasonId), "rejected"] : ["rejected"];
}

/** The reason with this id, if it exists and is active (a reviewer may only pick those). */
export async function activeRejectionReason(db: Reader, id: number) {
  const [row] = await db
    .select({ id: rejectionReasons.id, active: rejectionReasons.active })
    .from(rejectionReasons)
    .where(eq(rejectionReasons.id, id));
  return row?.active ? row : null;
}

const label = z
  .string({ error: "admin.email.errors.reasonLabel" })
  .trim()
  .min(1, { error: "admin.email.errors.reasonLabel" })
  .max(120, { error: "validation.tooLong" });

export const reasonLabelSchema = z.object({ label });

async function log(
  tx: Pick<Database, "insert">,
  actor: Actor,
  id: number,
  details: AccessDetails["settings.reasons"],
) {
  await recordAccess(tx, "settings.reasons", {
    actor,
    subject: `rejection-reason:${id}`,
    details,
  });
}

export async function addRejectionReason(db: Database, text: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${rejectionReasons.position}), -1) + 1` })
      .from(rejectionReasons);
    const [row] = await tx
      .insert(rejectionReasons)
      .values({ label: text, position: Number(next) })
      .returning({ id: rejectionReasons.id });
    await log(tx, actor, row!.id, { change: "add", label: text });
    return row!.id;
  });
}

/** Renames a reason; false when there is no such reason. */
export async function renameRejectionReason(
  db: Database,
  id: number,
  text: string,
  actor: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(rejectionReasons)
      .set({ label: text })
      .where(eq(rejectionReasons.id, id))
      .returning({ id: rejectionReasons.id });
    if (!row) return false;
    await log(tx, actor, id, { change: "rename", label: text });
    return true;
  });
}

/** Deactivates (hidden from reviewers; past rejections keep it) or reactivates a reason. */
export async function setRejectionReasonActive(
  db: Database,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(rejectionReasons)
      .set({ active })
      .where(eq(rejectionReasons.id, id))
      .returning({ id: rejectionReasons.id });
    if (!row) return false;
    await log(tx, actor, id, { change: active ? "activate" : "deactivate" });
    return true;
  });
}

/**
 * Moves a reason one place up or down, renumbering all positions 0, 1, 2, … in one
 * transaction (so equal or missing positions never make the order ambiguous).
 */
export async function moveRejectionReason(
  db: Database,
  id: number,
  direction: "up" | "down",
  actor: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const all = await listRejectionReasons(tx);
    const at = all.findIndex((reason) => reason.id === id);
    if (at < 0) return false;
    const to = direction === "up" ? at - 1 : at + 1;
    if (to >= 0 && to < all.length) [all[at], all[to]] = [all[to]!, all[at]!];
    for (const [position, reason] of all.entries()) {
      if (reason.position !== position) {
        await tx
          .update(rejectionReasons)
          .set({ position })
          .where(eq(rejectionReasons.id, reason.id));
      }
    }
    await log(tx, actor, id, { change: "move", direction });
    return true;
  });
}

/** A reason added, or renamed (`id`), from /admin/email's forms. */
export async function handleReasonLabel(
  db: Database,
  intent: "reason-add" | "reason-rename",
  form: { id: number | null; label: string },
  actor: Actor,
): Promise<EmailOutcome> {
  const parsed = reasonLabelSchema.safeParse({ label: form.label });
  if (!parsed.success) return refused(400, intent, { errors: fieldErrorsOf(parsed.error) });
  if (intent === "reason-add") {
    await addRejectionReason(db, parsed.data.label, actor);
    return done(intent, { message: "admin.email.reasons.added" });
  }
  if (!form.id || !(await renameRejectionReason(db, form.id, parsed.data.label, actor))) {
    return refused(404, intent, { message: "admin.email.errors.notFound" });
  }
  return done(intent, { message: "admin.email.reasons.renamed" });
}

/** A reason (de)activated (`value` on or off) or moved (up or down) from /admin/email. */
export async function handleReasonChange(
  db: Database,
  intent: "reason-active" | "reason-move",
  form: { id: number | null; value: string },
  actor: Actor,
): Promise<EmailOutcome> {
  const { id, value } = form;
  const changed =
    id !== null &&
    (intent === "reason-active"
      ? (value === "on" || value === "off") &&
        (await setRejectionReasonActive(db, id, value === "on", actor))
      : (value === "up" || value === "down") && (await moveRejectionReason(db, id, value, actor)));
  return changed
    ? done(intent, { message: "admin.email.reasons.updated" })
    : refused(404, intent, { message: "admin.email.errors.notFound" });
}
