import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import {
  onboardingEvents,
  onboardingSteps,
  submissionOnboardingSteps as herSteps,
  submissionNotes,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { addNote, listMentionable } from "#app/features/submissions/notes.server.ts";
import { listStaff } from "#app/features/submissions/team.server.ts";
import type { StepFormInput } from "./onboarding.ts";
import { agencyToday } from "./format.ts";
import { brasiliaToday, changeStepState } from "./steps.server.ts";

/*
 * One application's onboarding on its page (/admin/cadastros/:id): each step with its owner, due
 * day, state and private notes, and its history; the changes the panel's forms post to
 * /admin/cadastros/:id/onboarding.
 */

const closer = alias(user, "closer");

/** Her steps, notes on them and their history; null when she has no onboarding. */
export async function applicationOnboarding(db: Reader, submissionId: number) {
  const steps = await db
    .select({
      stepId: herSteps.stepId,
      key: onboardingSteps.key,
      titles: onboardingSteps.titles,
      position: herSteps.position,
      ownerId: herSteps.ownerId,
      owner: user.name,
      dueOn: herSteps.dueOn,
      state: herSteps.state,
      skipReason: herSteps.skipReason,
      closedAt: herSteps.closedAt,
      closedBy: closer.name,
      overdue: sql<boolean>`${herSteps.state} = 'todo' and ${herSteps.dueOn} < ${brasiliaToday}`,
    })
    .from(herSteps)
    .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
    .leftJoin(user, eq(user.id, herSteps.ownerId))
    .leftJoin(closer, eq(closer.id, herSteps.closedBy))
    .where(eq(herSteps.submissionId, submissionId))
    .orderBy(asc(herSteps.position), asc(herSteps.stepId));
  if (steps.length === 0) return null;
  const [notes, events, [application]] = await Promise.all([
    db
      .select({
        id: submissionNotes.id,
        stepId: submissionNotes.onboardingStepId,
        body: submissionNotes.body,
        author: user.name,
        createdAt: submissionNotes.createdAt,
      })
      .from(submissionNotes)
      .leftJoin(user, eq(user.id, submissionNotes.authorId))
      .where(
        and(
          eq(submissionNotes.submissionId, submissionId),
          isNotNull(submissionNotes.onboardingStepId),
        ),
      )
      .orderBy(asc(submissionNotes.createdAt), asc(submissionNotes.id)),
    db
      .select({
        id: onboardingEvents.id,
        stepId: onboardingEvents.stepId,
        action: onboardingEvents.action,
        actor: user.name,
        detail: onboardingEvents.detail,
        createdAt: onboardingEvents.createdAt,
      })
      .from(onboardingEvents)
      .leftJoin(user, eq(user.id, onboardingEvents.actorId))
      .where(eq(onboardingEvents.submissionId, submissionId))
      .orderBy(asc(onboardingEvents.createdAt), asc(onboardingEvents.id)),
    db
      .select({
        status: submissions.status,
        erasedAt: submissions.erasedAt,
        activeSince: submissions.activeSince,
      })
      .from(submissions)
      .where(eq(submissions.id, submissionId)),
  ]);
  // An owner or a due day in the history is shown by name and as a day, not as stored.
  const ownerIds = [
    ...new Set(events.filter((e) => e.action === "owner" && e.detail).map((e) => e.detail!)),
  ];
  const owners = ownerIds.length
    ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ownerIds))
    : [];
  const titleOf = new Map(steps.map((step) => [step.stepId, step.titles]));
  return {
    editable: application?.status === "Aprovado" && !application.erasedAt,
    activeSince: application?.activeSince ?? null,
    steps: steps.map((step) => ({
      ...step,
      overdue: Boolean(step.overdue),
      notes: notes.filter((note) => note.stepId === step.stepId),
    })),
    events: events.map((event) => ({
      id: event.id,
      titles: titleOf.get(event.stepId) ?? {},
      action: event.action,
      actor: event.actor,
      createdAt: event.createdAt,
      // The skip reason is the staff's own words; an owner is named; a due day is a day.
      detail:
        event.action === "owner"
          ? (owners.find((owner) => owner.id === event.detail)?.name ?? null)
          : event.detail,
    })),
  };
}

export type ApplicationOnboarding = NonNullable<Awaited<ReturnType<typeof applicationOnboarding>>>;

export type StepChangeOutcome =
  | { outcome: "changed" | "unchanged" | "missing" | "not-approved" | "not-staff" }
  | { outcome: "conflict"; current: "todo" | "done" | "skipped" };

/**
 * A change to one of her steps from the panel, all or nothing: her application is held (so an
 * undone approval or a reopen waits for it, in the order changeStatus takes its locks), then the
 * step's row; a step that is not hers is "missing". Done, skipped and reopened apply only to the
 * state the page showed: when someone changed it meanwhile the answer is a "conflict" with the
 * state it has now. Each change is in her history and in the access log.
 */
export async function changeStep(
  db: Database,
  submissionId: number,
  input: StepFormInput,
  actor: Actor,
): Promise<StepChangeOutcome> {
  if (input.intent === "note") return addStepNote(db, submissionId, input, actor);
  return db.transaction(async (tx): Promise<StepChangeOutcome> => {
    const [application] = await tx
      .select({ status: submissions.status, erasedAt: submissions.erasedAt })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .for("share");
    if (!application) return { outcome: "missing" };
    const target = { submissionId, stepId: input.step };
    const [step] = await tx
      .select({ state: herSteps.state, ownerId: herSteps.ownerId, dueOn: herSteps.dueOn })
      .from(herSteps)
      .where(and(eq(herSteps.submissionId, submissionId), eq(herSteps.stepId, input.step)))
      .for("update");
    if (!step) return { outcome: "missing" };
    if (application.status !== "Aprovado" || application.erasedAt) {
      return { outcome: "not-approved" };
    }
    const log = (
      details: Omit<Parameters<typeof recordAccess<"submission.onboarding">>[2]["details"], "step">,
    ) =>
      recordAccess(tx, "submission.onboarding", {
        actor,
        subject: `submission:${submissionId}`,
        details: { step: input.step, ...details },
      });
    switch (input.intent) {
      case "done":
      case "skip":
      case "reopen": {
        const allowed = input.intent === "reopen" ? step.state !== "todo" : step.state === "todo";
        if (step.state !== input.seen || !allowed) {
          return { outcome: "conflict", current: step.state };
        }
        await changeStepState(
          tx,
          target,
          input.intent === "done"
            ? { state: "done" }
            : input.intent === "skip"
              ? { state: "skipped", reason: input.reason }
              : { state: "todo" },
          actor.id,
        );
        await log({
          change:
            input.intent === "done" ? "done" : input.intent === "skip" ? "skipped" : "reopened",
        });
        return { outcome: "changed" };
      }
      case "owner": {
        const ownerId = input.owner || null;
        if (ownerId !== null) {
          const [staff] = await tx
            .select({ id: user.id })
            .from(user)
            .where(
              and(
                eq(user.id, ownerId),
                inArray(user.role, ["approver", "admin"]),
                eq(user.disabled, false),
              ),
            );
          if (!staff) return { outcome: "not-staff" };
        }
        if (step.ownerId === ownerId) return { outcome: "unchanged" };
        await tx
          .update(herSteps)
          .set({ ownerId })
          .where(and(eq(herSteps.submissionId, submissionId), eq(herSteps.stepId, input.step)));
        await tx.insert(onboardingEvents).values({
          submissionId,
          stepId: input.step,
          action: "owner",
          actorId: actor.id,
          detail: ownerId,
        });
        await log({ change: "owner", ownerId });
        return { outcome: "changed" };
      }
      case "due": {
        if (step.dueOn === input.dueOn) return { outcome: "unchanged" };
        await tx
          .update(herSteps)
          .set({ dueOn: input.dueOn })
          .where(and(eq(herSteps.submissionId, submissionId), eq(herSteps.stepId, input.step)));
        await tx.insert(onboardingEvents).values({
          submissionId,
          stepId: input.step,
          action: "due",
          actorId: actor.id,
          detail: input.dueOn,
        });
        await log({ change: "due", dueOn: input.dueOn });
        return { outcome: "changed" };
      }
    }
  });
}

/** A private note on one of her steps: the team's notes (mentions and all), tied to the step. */
async function addStepNote(
  db: Database,
  submissionId: number,
  input: Extract<StepFormInput, { intent: "note" }>,
  actor: Actor,
): Promise<StepChangeOutcome> {
  const [step] = await db
    .select({ stepId: herSteps.stepId })
    .from(herSteps)
    .where(and(eq(herSteps.submissionId, submissionId), eq(herSteps.stepId, input.step)));
  if (!step) return { outcome: "missing" };
  const written = await addNote(db, {
    submissionId,
    author: { id: actor.id },
    body: input.body,
    mentionIds: input.mention,
    onboardingStepId: input.step,
  });
  if (written.outcome !== "added") return { outcome: "missing" };
  await recordAccess(db, "submission.onboarding", {
    actor,
    subject: `submission:${submissionId}`,
    details: { step: input.step, change: "note" },
  });
  return { outcome: "changed" };
}

/** What her page's onboarding panel needs, or null when she has no onboarding. */
export async function onboardingOnPage(db: Reader, submissionId: number, url: string) {
  const onboarding = await applicationOnboarding(db, submissionId);
  if (!onboarding) return null;
  // Who may own a step, and whom a step's note may mention: the reviewers in use.
  const [staff, people] = await Promise.all([listStaff(db), listMentionable(db)]);
  return {
    ...onboarding,
    staff,
    people,
    today: agencyToday(),
    saved: new URL(url).searchParams.get("onboarding") === "saved",
  };
}
