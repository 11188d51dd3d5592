import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";
import { reachMilestone, undoMilestone } from "#app/features/affiliates/commissions.server.ts";
import type { BuiltInStepKey, OnboardingState } from "#app/db/onboarding-states.ts";
import {
  onboardingEvents,
  onboardingSteps,
  submissionOnboardingSteps as herSteps,
  submissions,
  user,
} from "#app/db/schema.server.ts";

/*
 * An approved model's onboarding (issue 29, product.md section 8): the agency's steps, each with
 * an owner, a due day and a state, begun in the approval's own transaction. When none is left to
 * do she is "active" (submissions.active_since). Every change is written in onboarding_events:
 * who (null when the product did it, e.g. a held welcome call), when and what.
 */

/** Brasília's calendar day, as the agency counts due days. */
export const brasiliaToday = sql`(now() at time zone 'America/Sao_Paulo')::date`;

/**
 * Gives an application just approved the agency's current steps, due counted from today, owned
 * by her talent manager (else by whoever approved her). Steps she already has (an approval
 * after a reopen) are kept as they are; steps added since are added.
 */
export async function startOnboarding(tx: Transaction, submissionId: number, approverId: string) {
  const [application] = await tx
    .select({ managerId: submissions.managerId })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!application) return;
  const steps = await tx
    .select({
      id: onboardingSteps.id,
      position: onboardingSteps.position,
      dueDays: onboardingSteps.dueDays,
    })
    .from(onboardingSteps)
    .where(isNull(onboardingSteps.archivedAt))
    .orderBy(asc(onboardingSteps.position), asc(onboardingSteps.id));
  if (steps.length === 0) return;
  // Owned by someone who can open the onboarding view: her manager, else the approver's account.
  const [approver] = await tx.select({ id: user.id }).from(user).where(eq(user.id, approverId));
  const ownerId = application.managerId ?? approver?.id ?? null;
  await tx
    .insert(herSteps)
    .values(
      steps.map((step) => ({
        submissionId,
        stepId: step.id,
        position: step.position,
        ownerId,
        dueOn: sql`${brasiliaToday} + ${step.dueDays}::int`,
      })),
    )
    .onConflictDoNothing();
  await refreshActive(tx, submissionId);
}

/**
 * An approval taken back within the undo window never happened: its onboarding goes with it.
 * (A reopen after the window keeps the onboarding and its history: she was told.)
 */
export async function withdrawOnboarding(tx: Transaction, submissionId: number) {
  await tx.delete(onboardingEvents).where(eq(onboardingEvents.submissionId, submissionId));
  await tx.delete(herSteps).where(eq(herSteps.submissionId, submissionId));
  await tx.update(submissions).set({ activeSince: null }).where(eq(submissions.id, submissionId));
}

export type StepChange =
  { state: "done" } | { state: "skipped"; reason: string } | { state: "todo" };

export type StepChangeResult = "changed" | "unchanged" | "not-found";

/**
 * Marks one of her steps done, skipped (with a reason) or to do again, with the row locked so
 * two staff members at once record one change each, in order. Returns "unchanged" when it is
 * already in that state (nothing recorded twice).
 */
export async function changeStepState(
  tx: Transaction,
  target: { submissionId: number; stepId: number },
  change: StepChange,
  actorId: string | null,
): Promise<StepChangeResult> {
  const [current] = await tx
    .select({ state: herSteps.state })
    .from(herSteps)
    .where(and(eq(herSteps.submissionId, target.submissionId), eq(herSteps.stepId, target.stepId)))
    .for("update");
  if (!current) return "not-found";
  if (current.state === change.state && change.state !== "skipped") return "unchanged";
  const closing = change.state !== "todo";
  await tx
    .update(herSteps)
    .set({
      state: change.state,
      skipReason: change.state === "skipped" ? change.reason : null,
      closedAt: closing ? sql`now()` : null,
      closedBy: closing ? actorId : null,
    })
    .where(and(eq(herSteps.submissionId, target.submissionId), eq(herSteps.stepId, target.stepId)));
  await tx.insert(onboardingEvents).values({
    submissionId: target.submissionId,
    stepId: target.stepId,
    action: change.state === "todo" ? "reopened" : change.state,
    actorId,
    detail: change.state === "skipped" ? change.reason : null,
  });
  await refreshActive(tx, target.submissionId);
  return "changed";
}

/**
 * The product completing a built-in step by itself (a held welcome call completes
 * "welcome-call"; issue 30's identity check and contract theirs). Nothing happens when she has
 * no such step or it is already closed.
 */
export async function completeStepByKey(
  tx: Transaction,
  submissionId: number,
  key: BuiltInStepKey,
  actorId: string | null,
): Promise<StepChangeResult> {
  const [step] = await tx
    .select({ stepId: herSteps.stepId, state: herSteps.state })
    .from(herSteps)
    .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
    .where(and(eq(herSteps.submissionId, submissionId), eq(onboardingSteps.key, key)));
  if (!step) return "not-found";
  if (step.state !== "todo") return "unchanged";
  return changeStepState(tx, { submissionId, stepId: step.stepId }, { state: "done" }, actorId);
}

/** "Active" once no step is left to do (and she has steps at all); back to not when one reopens. */
async function refreshActive(tx: Transaction, submissionId: number) {
  const [counts] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${herSteps.state} = 'todo'))::int`,
    })
    .from(herSteps)
    .where(eq(herSteps.submissionId, submissionId));
  const active = counts!.all > 0 && counts!.open === 0;
  const [before] = await tx
    .select({ activeSince: submissions.activeSince })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  await tx
    .update(submissions)
    .set({ activeSince: active ? sql`coalesce(${submissions.activeSince}, now())` : null })
    .where(eq(submissions.id, submissionId));
  // Launched: her affiliate's milestone. A step reopened takes the launch back (its entry is
  // voided while the hold lasts); closed again, she is launched again.
  if (active && !before?.activeSince) {
    await reachMilestone(tx, { submissionId, milestone: "launched" });
  } else if (!active && before?.activeSince) {
    await undoMilestone(tx, { submissionId, milestone: "launched", reason: "step-reopened" });
  }
}

export type { OnboardingState };
