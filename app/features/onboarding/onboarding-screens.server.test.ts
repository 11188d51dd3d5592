import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  onboardingSteps,
  submissionNotes,
  submissionOnboardingSteps as herSteps,
  submissions,
} from "#app/db/schema.server.ts";
import { decideMany } from "#app/features/submissions/bulk-review.server.ts";
import { listNotes } from "#app/features/submissions/notes.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { countOverdueSteps, onboardingBoard, readBoardCursor } from "./board.server.ts";
import { stepForm } from "./onboarding.ts";
import { applicationOnboarding, changeStep } from "./panel.server.ts";
import { modelOnboarding } from "./progress.server.ts";
import {
  createStep,
  listStepDefinitions,
  moveStep,
  setStepArchived,
  updateStep,
} from "./step-list.server.ts";

/** A form as the browser sends it, read by the same schema as the route. */
const form = (fields: Record<string, string>) => {
  const parsed = stepForm.safeParse(fields);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  return parsed.data;
};

describe.each(databaseTargets)("the onboarding screens on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let approver: { id: string; role: "approver" };
  let admin: { id: string; role: "admin" };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    approver = {
      id: await insertAccount(database.db, {
        name: `Paula ${marker}`,
        email: `approver.${marker}@example.com`,
        role: "approver",
      }),
      role: "approver",
    };
    admin = {
      id: await insertAccount(database.db, {
        name: `Rita ${marker}`,
        email: `admin.${marker}@example.com`,
        role: "admin",
      }),
      role: "admin",
    };
  });
  afterAll(() => database?.close());

  async function approved(
    name: string,
    actor: { id: string; role: "approver" | "admin" } = approver,
  ) {
    const id = await insertApplicationRow(database.db, {
      fullName: `${name} Souza`,
      email: `${name}.${marker}@example.com`,
    });
    const result = await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor,
    });
    if (result.outcome !== "changed") throw new Error(result.outcome);
    return id;
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

  /** Moves her steps' due days by whole days from today in Brasília (negative: overdue). */
  const dueIn = (id: number, stepId: number, days: number) =>
    database.db
      .update(herSteps)
      .set({ dueOn: sql`(now() at time zone 'America/Sao_Paulo')::date + ${days}::int` })
      .where(and(eq(herSteps.submissionId, id), eq(herSteps.stepId, stepId)));

  it("gives every application of a bulk approval its steps", async () => {
    const ids = [
      await insertApplicationRow(database.db, { email: `bulk1.${marker}@example.com` }),
      await insertApplicationRow(database.db, { email: `bulk2.${marker}@example.com` }),
    ];
    const result = await decideMany(database.db, { ids, to: "Aprovado", actor: admin });
    expect(result).toMatchObject({ outcome: "decided", changed: 2 });
    for (const id of ids) {
      const steps = await stepsOf(id);
      expect(steps).toHaveLength(5);
      expect(steps.every((step) => step.ownerId === admin.id)).toBe(true);
    }
  });

  it("lists only approved models with a step to do, the longest waiting first, by owner and overdue", async () => {
    const late = await approved("late");
    const early = await approved("early");
    const theirs = await approved("theirs");
    const lateSteps = await stepsOf(late);
    const earlySteps = await stepsOf(early);
    const theirSteps = await stepsOf(theirs);
    // "late" waits on a step 3 days overdue, "early" on one due in a day, "theirs" is the admin's.
    await dueIn(late, lateSteps[1]!.stepId, -3);
    await dueIn(early, earlySteps[0]!.stepId, 1);
    for (const step of theirSteps) {
      await changeStep(
        database.db,
        theirs,
        form({ intent: "owner", step: String(step.stepId), owner: admin.id }),
        admin,
      );
    }
    const mine = await onboardingBoard(database.db, { ownerId: approver.id });
    const order = mine.rows.map((row) => row.id);
    expect(order.indexOf(late)).toBeLessThan(order.indexOf(early));
    expect(order).not.toContain(theirs);
    const lateRow = mine.rows.find((row) => row.id === late)!;
    expect(lateRow.currentStepId).toBe(lateSteps[1]!.stepId);
    expect(lateRow.steps.find((step) => step.stepId === lateRow.currentStepId)!.overdue).toBe(true);

    const overdue = await onboardingBoard(database.db, { ownerId: approver.id, overdue: true });
    expect(overdue.rows.map((row) => row.id)).toEqual([late]);
    expect(
      (await onboardingBoard(database.db, { ownerId: admin.id })).rows.map((r) => r.id),
    ).toContain(theirs);
    expect(await countOverdueSteps(database.db)).toBeGreaterThanOrEqual(1);

    // A rejected-after-reopen or erased model leaves the view (and the count) at once.
    const before = await countOverdueSteps(database.db);
    await database.db
      .update(submissions)
      .set({ erasedAt: new Date() })
      .where(eq(submissions.id, late));
    expect(
      (await onboardingBoard(database.db, { ownerId: approver.id })).rows.map((r) => r.id),
    ).not.toContain(late);
    expect(await countOverdueSteps(database.db)).toBe(before - 1);
  });

  it("pages through the view on its cursor without repeating or losing a model", async () => {
    const seen: number[] = [];
    let after: { dueOn: string; id: number } | undefined;
    do {
      const page = await onboardingBoard(database.db, { after });
      seen.push(...page.rows.map((row) => row.id));
      after = page.next ?? undefined;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await database.db
      .selectDistinct({ id: herSteps.submissionId })
      .from(herSteps)
      .innerJoin(submissions, eq(submissions.id, herSteps.submissionId))
      .where(
        and(
          eq(herSteps.state, "todo"),
          eq(submissions.status, "Aprovado"),
          sql`${submissions.erasedAt} is null`,
        ),
      );
    expect(seen.sort()).toEqual(all.map((row) => row.id).sort());
    expect(readBoardCursor("2026-02-30~4").invalid).toBe(true);
    expect(readBoardCursor("2026-02-03~4")).toEqual({
      cursor: { dueOn: "2026-02-03", id: 4 },
      invalid: false,
    });
    expect(readBoardCursor("x'); drop table users;--").invalid).toBe(true);
  });

  it("marks a step done, skips one with a reason, reopens, and refuses a change made meanwhile", async () => {
    const id = await approved("flavia");
    const [call, identity] = await stepsOf(id);
    const done = form({ intent: "done", step: String(call!.stepId), seen: "todo" });
    expect(await changeStep(database.db, id, done, approver)).toEqual({ outcome: "changed" });
    // A second reviewer's page still showed it to do: she is told it changed, nothing is recorded twice.
    expect(await changeStep(database.db, id, done, admin)).toEqual({
      outcome: "conflict",
      current: "done",
    });
    expect(() =>
      form({ intent: "skip", step: String(identity!.stepId), seen: "todo", reason: "  " }),
    ).toThrow("onboarding.errors.reasonRequired");
    const skip = form({
      intent: "skip",
      step: String(identity!.stepId),
      seen: "todo",
      reason: "Checked in person",
    });
    expect(await changeStep(database.db, id, skip, approver)).toEqual({ outcome: "changed" });
    const reopen = form({ intent: "reopen", step: String(call!.stepId), seen: "done" });
    expect(await changeStep(database.db, id, reopen, approver)).toEqual({ outcome: "changed" });
    const panel = (await applicationOnboarding(database.db, id))!;
    expect(panel.steps.map((step) => step.state).slice(0, 2)).toEqual(["todo", "skipped"]);
    expect(panel.steps[1]!.skipReason).toBe("Checked in person");
    expect(panel.events.map((event) => [event.action, event.actor])).toEqual([
      ["done", `Paula ${marker}`],
      ["skipped", `Paula ${marker}`],
      ["reopened", `Paula ${marker}`],
    ]);
    const logged = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "submission.onboarding"),
          eq(accessLog.subject, `submission:${id}`),
        ),
      )
      .orderBy(asc(accessLog.id));
    expect(logged.map((row) => row.details?.change)).toEqual(["done", "skipped", "reopened"]);
    // The skip reason stays with the staff: not in the log.
    expect(JSON.stringify(logged)).not.toContain("Checked in person");
  });

  it("sets an owner among the staff only, a due day, and writes notes on a step", async () => {
    const id = await approved("gabi");
    const [call] = await stepsOf(id);
    const stepId = String(call!.stepId);
    const model = await insertAccount(database.db, {
      role: "model",
      email: `m.${marker}@example.com`,
    });
    expect(
      await changeStep(
        database.db,
        id,
        form({ intent: "owner", step: stepId, owner: model }),
        admin,
      ),
    ).toEqual({
      outcome: "not-staff",
    });
    expect(
      await changeStep(
        database.db,
        id,
        form({ intent: "owner", step: stepId, owner: admin.id }),
        approver,
      ),
    ).toEqual({
      outcome: "changed",
    });
    expect(() => form({ intent: "due", step: stepId, dueOn: "2026-02-30" })).toThrow(
      "onboarding.errors.dueOn",
    );
    expect(
      await changeStep(
        database.db,
        id,
        form({ intent: "due", step: stepId, dueOn: "2030-01-15" }),
        approver,
      ),
    ).toEqual({
      outcome: "changed",
    });
    await changeStep(
      database.db,
      id,
      form({ intent: "note", step: stepId, body: `Prefers mornings @Rita ${marker}` }),
      approver,
    );
    const panel = (await applicationOnboarding(database.db, id))!;
    expect(panel.steps[0]).toMatchObject({
      ownerId: admin.id,
      owner: `Rita ${marker}`,
      dueOn: "2030-01-15",
    });
    expect(panel.steps[0]!.notes.map((note) => note.body)).toEqual([
      `Prefers mornings @Rita ${marker}`,
    ]);
    expect(panel.events.map((e) => [e.action, e.detail])).toEqual([
      ["owner", `Rita ${marker}`],
      ["due", "2030-01-15"],
    ]);
    // The step's note is with its step, not among the application's own notes.
    expect(await listNotes(database.db, id)).toEqual([]);
    const [note] = await database.db
      .select({ step: submissionNotes.onboardingStepId })
      .from(submissionNotes)
      .where(eq(submissionNotes.submissionId, id));
    expect(note?.step).toBe(call!.stepId);
  });

  it("refuses a step of another application posted to hers, and any change once she is not approved", async () => {
    const hers = await approved("helena");
    const other = await approved("irene");
    const [otherCall] = await stepsOf(other);
    const [herCall] = await stepsOf(hers);
    // Both have the same built-in steps: the step ids are the agency's, the rows are each one's.
    // A step id that is not among her steps (an archived step she never had) is missing.
    const [extra] = await database.db
      .insert(onboardingSteps)
      .values({ titles: { pt: "Extra" }, position: 999, archivedAt: new Date() })
      .returning({ id: onboardingSteps.id });
    expect(
      await changeStep(
        database.db,
        hers,
        form({ intent: "done", step: String(extra!.id), seen: "todo" }),
        approver,
      ),
    ).toEqual({ outcome: "missing" });
    expect(
      await changeStep(
        database.db,
        hers,
        form({ intent: "note", step: String(extra!.id), body: "x" }),
        approver,
      ),
    ).toEqual({ outcome: "missing" });
    // Changing hers leaves the other application's row as it was.
    await changeStep(
      database.db,
      hers,
      form({ intent: "done", step: String(herCall!.stepId), seen: "todo" }),
      approver,
    );
    expect((await stepsOf(other))[0]!.state).toBe("todo");
    expect(otherCall!.stepId).toBe(herCall!.stepId);
    await changeStatus(database.db, {
      submissionId: hers,
      from: "Aprovado",
      to: "Pendente",
      actor: admin,
    });
    expect(
      await changeStep(
        database.db,
        hers,
        form({ intent: "reopen", step: String(herCall!.stepId), seen: "done" }),
        admin,
      ),
    ).toEqual({ outcome: "not-approved" });
  });

  it("tells her the progress in her language, with her manager's first name and nothing of the staff's", async () => {
    const id = await approved("julia");
    await database.db
      .update(submissions)
      .set({ managerId: admin.id })
      .where(eq(submissions.id, id));
    const steps = await stepsOf(id);
    await changeStep(
      database.db,
      id,
      form({ intent: "done", step: String(steps[0]!.stepId), seen: "todo" }),
      approver,
    );
    await changeStep(
      database.db,
      id,
      form({
        intent: "skip",
        step: String(steps[1]!.stepId),
        seen: "todo",
        reason: "Secret reason",
      }),
      approver,
    );
    const progress = (await modelOnboarding(database.db, id, "en"))!;
    expect(progress.manager).toBe("Rita");
    expect(progress.steps.map((step) => [step.title, step.state])).toEqual([
      ["Welcome call", "done"],
      ["Identity check", "skipped"],
      ["Contract", "todo"],
      ["Content plan", "todo"],
      ["Launch", "todo"],
    ]);
    expect(progress.steps[0]!.closedAt).not.toBeNull();
    const text = JSON.stringify(progress);
    expect(text).not.toContain("Secret reason");
    expect(text).not.toContain("Paula");
    expect(text).not.toContain(approver.id);
    expect(progress.activeSince).toBeNull();
    for (const step of steps.slice(2)) {
      await changeStep(
        database.db,
        id,
        form({ intent: "done", step: String(step.stepId), seen: "todo" }),
        approver,
      );
    }
    expect((await modelOnboarding(database.db, id, "pt"))!.activeSince).not.toBeNull();
    expect((await modelOnboarding(database.db, id, "pt"))!.steps[0]!.title).toBe(
      "Conversa de boas-vindas",
    );
  });

  // Last: it changes the agency's list, which every later approval in this file would follow.
  it("lets the admin reword, reorder, add and archive steps; onboardings under way keep theirs", async () => {
    const before = await approved("karla");
    const list = await listStepDefinitions(database.db);
    const inUse = list.filter((step) => !step.archivedAt);
    const call = inUse[0]!;
    const titles = {
      pt: "Boas-vindas",
      es: "Bienvenida",
      en: "Welcome",
      it: "Benvenuta",
      de: "Willkommen",
      sv: "Välkommen",
    };
    expect(
      await updateStep(
        database.db,
        call.id,
        { titles, guidance: { en: "We'll call you." }, dueDays: 2 },
        admin,
      ),
    ).toBe("saved");
    expect(await moveStep(database.db, call.id, "down", admin)).toBe("saved");
    expect(await moveStep(database.db, inUse.at(-1)!.id, "down", admin)).toBe("unchanged");
    const { id: added } = await createStep(
      database.db,
      { titles, guidance: {}, dueDays: 30 },
      admin,
    );
    expect(await setStepArchived(database.db, inUse[2]!.id, true, admin)).toBe("saved");
    expect(await setStepArchived(database.db, inUse[2]!.id, true, admin)).toBe("unchanged");
    expect(
      await updateStep(database.db, 987654321, { titles, guidance: {}, dueDays: 1 }, admin),
    ).toBe("missing");

    const after = await approved("laura");
    const keys = (await stepsOf(after)).map((step) => step.key ?? step.stepId);
    expect(keys).toEqual(["identity", "welcome-call", "content-plan", "launch", added]);
    expect((await stepsOf(before)).map((step) => step.key)).toEqual([
      "welcome-call",
      "identity",
      "contract",
      "content-plan",
      "launch",
    ]);
    const progress = (await modelOnboarding(database.db, after, "en"))!;
    expect(progress.steps[1]).toMatchObject({ title: "Welcome", guidance: "We'll call you." });
    const logged = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.action, "settings.onboarding-steps"))
      .orderBy(asc(accessLog.id));
    expect(logged.map((row) => row.details?.change)).toEqual([
      "update",
      "move",
      "create",
      "archive",
    ]);
  });
});
