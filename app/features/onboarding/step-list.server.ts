import { and, asc, eq, gt, isNull, lt, desc, sql } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { onboardingSteps } from "#app/db/schema.server.ts";
import type { StepWording } from "./onboarding.ts";

/**
 * The agency's list of onboarding steps (admin only, /admin/onboarding/steps): worded in the six
 * languages, due a number of days after approval, in order, archived rather than deleted. A
 * change here shapes the onboardings that begin afterwards; the ones under way keep their steps
 * (startOnboarding copies the position and the due day when she is approved).
 */

export async function listStepDefinitions(db: Reader) {
  return db
    .select({
      id: onboardingSteps.id,
      key: onboardingSteps.key,
      position: onboardingSteps.position,
      titles: onboardingSteps.titles,
      guidance: onboardingSteps.guidance,
      dueDays: onboardingSteps.dueDays,
      archivedAt: onboardingSteps.archivedAt,
    })
    .from(onboardingSteps)
    .orderBy(
      sql`${onboardingSteps.archivedAt} is not null`,
      asc(onboardingSteps.position),
      asc(onboardingSteps.id),
    );
}

export type StepDefinition = Awaited<ReturnType<typeof listStepDefinitions>>[number];

type Outcome = "saved" | "missing" | "unchanged";

/** Adds a step at the end of the list. */
export async function createStep(
  db: Database,
  input: StepWording & { dueDays: number },
  actor: Actor,
): Promise<{ outcome: "saved"; id: number }> {
  return db.transaction(async (tx) => {
    // One writer of positions at a time: two steps added at once never share a place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('onboarding_steps.position'))`);
    const [created] = await tx
      .insert(onboardingSteps)
      .values({
        titles: input.titles,
        guidance: input.guidance,
        dueDays: input.dueDays,
        position: sql`(select coalesce(max(position), 0) + 1 from onboarding_steps)`,
      })
      .returning({ id: onboardingSteps.id });
    await recordAccess(tx, "settings.onboarding-steps", {
      actor,
      subject: `onboarding-step:${created!.id}`,
      details: { step: created!.id, change: "create" },
    });
    return { outcome: "saved", id: created!.id };
  });
}

/** Rewords a step and sets its due days (archived or not). */
export async function updateStep(
  db: Database,
  id: number,
  input: StepWording & { dueDays: number },
  actor: Actor,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(onboardingSteps)
      .set({
        titles: input.titles,
        guidance: input.guidance,
        dueDays: input.dueDays,
        updatedAt: sql`now()`,
      })
      .where(eq(onboardingSteps.id, id))
      .returning({ id: onboardingSteps.id });
    if (updated.length === 0) return "missing";
    await recordAccess(tx, "settings.onboarding-steps", {
      actor,
      subject: `onboarding-step:${id}`,
      details: { step: id, change: "update" },
    });
    return "saved";
  });
}

/** Swaps a step in use with its neighbour above or below (an archived one stays where it is). */
export async function moveStep(
  db: Database,
  id: number,
  direction: "up" | "down",
  actor: Actor,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('onboarding_steps.position'))`);
    const [step] = await tx
      .select({ position: onboardingSteps.position })
      .from(onboardingSteps)
      .where(and(eq(onboardingSteps.id, id), isNull(onboardingSteps.archivedAt)));
    if (!step) return "missing";
    const [neighbour] = await tx
      .select({ id: onboardingSteps.id, position: onboardingSteps.position })
      .from(onboardingSteps)
      .where(
        and(
          isNull(onboardingSteps.archivedAt),
          direction === "up"
            ? lt(onboardingSteps.position, step.position)
            : gt(onboardingSteps.position, step.position),
        ),
      )
      .orderBy(direction === "up" ? desc(onboardingSteps.position) : asc(onboardingSteps.position))
      .limit(1);
    if (!neighbour) return "unchanged";
    await tx
      .update(onboardingSteps)
      .set({ position: neighbour.position, updatedAt: sql`now()` })
      .where(eq(onboardingSteps.id, id));
    await tx
      .update(onboardingSteps)
      .set({ position: step.position, updatedAt: sql`now()` })
      .where(eq(onboardingSteps.id, neighbour.id));
    await recordAccess(tx, "settings.onboarding-steps", {
      actor,
      subject: `onboarding-step:${id}`,
      details: { step: id, change: "move" },
    });
    return "saved";
  });
}

/**
 * Archives a step (no later approval gets it; the onboardings that have it keep it), or brings
 * it back at the end of the list.
 */
export async function setStepArchived(
  db: Database,
  id: number,
  archived: boolean,
  actor: Actor,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('onboarding_steps.position'))`);
    const updated = await tx
      .update(onboardingSteps)
      .set(
        archived
          ? { archivedAt: sql`now()`, updatedAt: sql`now()` }
          : {
              archivedAt: null,
              updatedAt: sql`now()`,
              position: sql`(select coalesce(max(position), 0) + 1 from onboarding_steps where archived_at is null)`,
            },
      )
      .where(
        and(
          eq(onboardingSteps.id, id),
          archived
            ? isNull(onboardingSteps.archivedAt)
            : sql`${onboardingSteps.archivedAt} is not null`,
        ),
      )
      .returning({ id: onboardingSteps.id });
    if (updated.length === 0) {
      const [exists] = await tx
        .select({ id: onboardingSteps.id })
        .from(onboardingSteps)
        .where(eq(onboardingSteps.id, id));
      return exists ? "unchanged" : "missing";
    }
    await recordAccess(tx, "settings.onboarding-steps", {
      actor,
      subject: `onboarding-step:${id}`,
      details: { step: id, change: archived ? "archive" : "restore" },
    });
    return "saved";
  });
}
