import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  onboardingEvents,
  onboardingSteps,
  submissionOnboardingSteps as herSteps,
  welcomeCalls,
} from "#app/db/schema.server.ts";
import { collectPersonalData } from "#app/features/privacy/data-export.server.ts";
import { eraseApplications } from "#app/features/privacy/erasure.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { changeStepState } from "./steps.server.ts";

/**
 * Her onboarding and her welcome calls under her privacy rights (issue 29): her export says
 * where her onboarding stands and which calls she booked, never the staff's words on it; her
 * erasure takes those words (a skip reason may name her) and her calls, and keeps the states and
 * dates the counts need.
 */
describe.each(databaseTargets)("her onboarding under her privacy rights on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  const email = `paz.${marker}@example.com`;
  const reason = `Conferido pessoalmente com a Paz ${marker}`;
  let id: number;
  let approver: string;
  let identityStep: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    approver = await insertAccount(db, { email: `rev.${marker}@example.com`, role: "approver" });
    id = await insertApplicationRow(db, { fullName: "Paz Andrade", email, language: "pt" });
    const approved = await changeStatus(db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor: { id: approver, role: "approver" },
    });
    expect(approved.outcome).toBe("changed");
    const [identity] = await db
      .select({ id: onboardingSteps.id })
      .from(onboardingSteps)
      .where(eq(onboardingSteps.key, "identity"));
    identityStep = identity!.id;
    await db.transaction((tx) =>
      changeStepState(
        tx,
        { submissionId: id, stepId: identityStep },
        { state: "skipped", reason },
        approver,
      ),
    );
    await db.insert(welcomeCalls).values({
      uid: `call-${marker}@mare.test`,
      submissionId: id,
      managerId: approver,
      startsAt: new Date("2026-12-02T13:00:00Z"),
      endsAt: new Date("2026-12-02T13:30:00Z"),
      timeZone: "Europe/Lisbon",
    });
  });
  afterAll(() => database?.close());

  it("puts her steps and her calls in her export, without the staff's words", async () => {
    const data = await collectPersonalData(database.db, email, { includeDocument: false });
    const [application] = data.applications;
    expect(application!.onboarding.map((step) => [step.step, step.state])).toEqual([
      ["Conversa de boas-vindas", "todo"],
      ["Verificação de identidade", "skipped"],
      ["Contrato", "todo"],
      ["Plano de conteúdo", "todo"],
      ["Lançamento", "todo"],
    ]);
    expect(application!.welcomeCalls).toEqual([
      expect.objectContaining({
        startsAt: new Date("2026-12-02T13:00:00Z"),
        timeZone: "Europe/Lisbon",
        state: "booked",
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain(reason);
  });

  it("takes the staff's words and her calls with her erasure, and keeps the steps' states", async () => {
    await database.db.transaction((tx) => eraseApplications(tx, [id]));
    const [step] = await database.db
      .select({ state: herSteps.state, skipReason: herSteps.skipReason })
      .from(herSteps)
      .where(and(eq(herSteps.submissionId, id), eq(herSteps.stepId, identityStep)));
    expect(step).toEqual({ state: "skipped", skipReason: null });
    const events = await database.db
      .select({ action: onboardingEvents.action, detail: onboardingEvents.detail })
      .from(onboardingEvents)
      .where(eq(onboardingEvents.submissionId, id));
    expect(events).toEqual([{ action: "skipped", detail: null }]);
    expect(
      await database.db.select().from(welcomeCalls).where(eq(welcomeCalls.submissionId, id)),
    ).toEqual([]);
  });
});
