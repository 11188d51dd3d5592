import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  onboardingEvents,
  onboardingSteps,
  submissionOnboardingSteps as herSteps,
  submissions,
} from "#app/db/schema.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { undoDecision } from "#app/features/submissions/undo.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { changeStepState, completeStepByKey } from "./steps.server.ts";

describe.each(databaseTargets)("an approved model's onboarding on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let approver: { id: string; role: "approver" };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const id = await insertAccount(database.db, {
      email: `approver.${marker}@example.com`,
      role: "approver",
    });
    approver = { id, role: "approver" };
  });
  afterAll(() => database?.close());

  async function approved(name: string) {
    const id = await insertApplicationRow(database.db, {
      fullName: `${name} Souza`,
      email: `${name}.${marker}@example.com`,
    });
    const result = await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor: approver,
    });
    if (result.outcome !== "changed") throw new Error(result.outcome);
    return { id, decisionId: result.decisionId };
  }

  const stepsOf = (id: number) =>
    database.db
      .select({
        key: onboardingSteps.key,
        stepId: herSteps.stepId,
        state: herSteps.state,
        ownerId: herSteps.ownerId,
        dueOn: herSteps.dueOn,
      })
      .from(herSteps)
      .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
      .where(eq(herSteps.submissionId, id))
      .orderBy(asc(herSteps.position));
  const activeSince = async (id: number) =>
    (
      await database.db
        .select({ at: submissions.activeSince })
        .from(submissions)
        .where(eq(submissions.id, id))
    )[0]!.at;

  it("gives an approved application the five steps, owned by the approver, due in order", async () => {
    const { id } = await approved("bruna");
    const steps = await stepsOf(id);
    expect(steps.map((step) => step.key)).toEqual([
      "welcome-call",
      "identity",
      "contract",
      "content-plan",
      "launch",
    ]);
    expect(steps.every((step) => step.state === "todo" && step.ownerId === approver.id)).toBe(true);
    const dues = steps.map((step) => step.dueOn);
    expect([...dues].sort()).toEqual(dues);
    expect(await activeSince(id)).toBeNull();
  });

  it("takes the onboarding back with an undone approval", async () => {
    const { id, decisionId } = await approved("carla");
    expect(await stepsOf(id)).toHaveLength(5);
    const undone = await undoDecision(database.db, decisionId, approver);
    expect(undone.outcome).toBe("undone");
    expect(await stepsOf(id)).toEqual([]);
  });

  it("makes her active when the last open step closes, and not when one reopens", async () => {
    const { id } = await approved("dora");
    const steps = await stepsOf(id);
    expect(
      await database.db.transaction((tx) => completeStepByKey(tx, id, "welcome-call", null)),
    ).toBe("changed");
    // Closing it twice records nothing twice.
    expect(
      await database.db.transaction((tx) => completeStepByKey(tx, id, "welcome-call", null)),
    ).toBe("unchanged");
    for (const step of steps.slice(1, 4)) {
      await database.db.transaction((tx) =>
        changeStepState(
          tx,
          { submissionId: id, stepId: step.stepId },
          { state: "done" },
          approver.id,
        ),
      );
    }
    expect(await activeSince(id)).toBeNull();
    const last = steps[4]!;
    await database.db.transaction((tx) =>
      changeStepState(
        tx,
        { submissionId: id, stepId: last.stepId },
        { state: "skipped", reason: "Launched with the agency's own profile" },
        approver.id,
      ),
    );
    expect(await activeSince(id)).toBeInstanceOf(Date);
    await database.db.transaction((tx) =>
      changeStepState(
        tx,
        { submissionId: id, stepId: last.stepId },
        { state: "todo" },
        approver.id,
      ),
    );
    expect(await activeSince(id)).toBeNull();
    const events = await database.db
      .select({ action: onboardingEvents.action, actorId: onboardingEvents.actorId })
      .from(onboardingEvents)
      .where(and(eq(onboardingEvents.submissionId, id)))
      .orderBy(asc(onboardingEvents.id));
    expect(events).toEqual([
      { action: "done", actorId: null },
      { action: "done", actorId: approver.id },
      { action: "done", actorId: approver.id },
      { action: "done", actorId: approver.id },
      { action: "skipped", actorId: approver.id },
      { action: "reopened", actorId: approver.id },
    ]);
  });
});
