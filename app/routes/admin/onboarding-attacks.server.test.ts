import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  onboardingSteps,
  submissionOnboardingSteps as herSteps,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import * as boardRoute from "./onboarding.tsx";
import * as stepsRoute from "./onboarding-steps.tsx";
import * as stepRoute from "./submission-onboarding.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The onboarding's routes (issue 29) as their users and their attackers call them: a visitor,
 * a model, an affiliate and an editor get nothing of any of them; an approver follows and
 * ticks the onboarding but may not touch the agency's list of steps; a step is changed only
 * through its own application's URL, and only from the state the page showed.
 */
const roles = ["approver", "admin", "editor", "model", "affiliate"] as const;
type Who = (typeof roles)[number];

describe.each(routeTestTargets)("the onboarding's routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const { ids, cookies, account } = namedAccounts<(typeof roles)[number]>(
    marker,
    (who) => `${who} ${marker}`,
  );
  let hers: number;
  let other: number;

  const request = (path: string, who?: Who, form?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] } : {}) },
    });

  const stepsOf = async (id: number) =>
    (await getDatabase())
      .select({ stepId: herSteps.stepId, state: herSteps.state, ownerId: herSteps.ownerId })
      .from(herSteps)
      .where(eq(herSteps.submissionId, id))
      .orderBy(asc(herSteps.position));

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of roles) await account(role, role);
    const db = await getDatabase();
    const approve = async (name: string) => {
      const id = await insertApplicationRow(db, {
        fullName: `${name} Souza`,
        email: `${name}.${marker}@example.com`,
      });
      await changeStatus(db, {
        submissionId: id,
        from: "Pendente",
        to: "Aprovado",
        actor: { id: ids.approver, role: "approver" },
      });
      return id;
    };
    hers = await approve("helena");
    other = await approve("irene");
  }, paced(90_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(inArray(submissions.id, [hers, other]));
    await db.delete(user).where(inArray(user.id, Object.values(ids)));
    await closeAppDatabase();
  });

  const routes = (): {
    name: string;
    handler: unknown;
    path: string;
    params?: Record<string, string>;
    form?: Record<string, string>;
  }[] => [
    { name: "the view", handler: boardRoute.loader, path: "/admin/onboarding" },
    { name: "the list of steps", handler: stepsRoute.loader, path: "/admin/onboarding/steps" },
    {
      name: "the step list's form",
      handler: stepsRoute.action,
      path: "/admin/onboarding/steps",
      form: { intent: "archive", step: "1" },
    },
    {
      name: "her steps' form",
      handler: stepRoute.action,
      path: `/admin/cadastros/${hers}/onboarding`,
      params: { id: String(hers) },
      form: { intent: "done", step: "1", seen: "todo" },
    },
  ];

  it("sends a visitor to sign in and a model, an affiliate or an editor away, on every route", async () => {
    for (const route of routes()) {
      for (const who of [undefined, "model", "affiliate", "editor"] as const) {
        const answer = await callRoute(
          route.handler as never,
          request(route.path, who, route.form),
          route.params,
        );
        expect(answer.status, `${route.name} as ${who ?? "visitor"}`).toBe(302);
        expect(answer.location, `${route.name} as ${who ?? "visitor"}`).toMatch(
          who ? /^\/permission-denied/ : /^\/login\?/,
        );
      }
    }
    // Nothing changed: her first step is still to do, the list of steps still has its first.
    expect((await stepsOf(hers))[0]!.state).toBe("todo");
    const [first] = await (
      await getDatabase()
    )
      .select({ archivedAt: onboardingSteps.archivedAt })
      .from(onboardingSteps)
      .where(eq(onboardingSteps.id, 1));
    expect(first?.archivedAt ?? null).toBeNull();
  });

  it("lets an approver see the view but not the list of steps, nor change it", async () => {
    const view = await callRoute(boardRoute.loader, request("/admin/onboarding", "approver"));
    expect(view.status).toBe(200);
    expect(view.data?.rows.map((row) => row.id)).toEqual(expect.arrayContaining([hers, other]));
    expect(view.data?.editSteps).toBe(false);
    const page = await callRoute(stepsRoute.loader, request("/admin/onboarding/steps", "approver"));
    expect(page.location).toMatch(/^\/permission-denied/);
    const posted = await callRoute(
      stepsRoute.action,
      request("/admin/onboarding/steps", "approver", {
        intent: "update",
        step: "1",
        dueDays: "1",
        ...Object.fromEntries(["pt", "es", "en", "it", "de", "sv"].map((c) => [`title_${c}`, "X"])),
      }),
    );
    expect(posted.location).toMatch(/^\/permission-denied/);
    const [first] = await (
      await getDatabase()
    )
      .select({ titles: onboardingSteps.titles })
      .from(onboardingSteps)
      .where(eq(onboardingSteps.id, 1));
    expect(first?.titles.pt).not.toBe("X");
  });

  it("answers the admin's bad step with translated 400s and stores nothing", async () => {
    const before = await (await getDatabase()).select().from(onboardingSteps);
    const answer = await callRoute(
      stepsRoute.action,
      request("/admin/onboarding/steps", "admin", {
        intent: "create",
        dueDays: "400",
        title_pt: "Ensaio",
        title_en: "x".repeat(200),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data?.errors).toMatchObject({
      title_es: "onboarding.errors.titleRequired",
      title_en: "onboarding.errors.titleTooLong",
      dueDays: "onboarding.errors.dueDays",
      form: "onboarding.errors.fixBelow",
    });
    // What she typed comes back.
    expect(answer.data?.values?.title_pt).toBe("Ensaio");
    expect(await (await getDatabase()).select().from(onboardingSteps)).toEqual(before);
  });

  it("refuses a step through another application's URL, and a change made meanwhile with a 409", async () => {
    const [herCall] = await stepsOf(hers);
    // The other application's URL with her step's id: it changes the other's row or nothing of hers.
    const through = await callRoute(
      stepRoute.action,
      request(`/admin/cadastros/999999/onboarding`, "approver", {
        intent: "done",
        step: String(herCall!.stepId),
        seen: "todo",
      }),
      { id: "999999" },
    );
    expect(through.status).toBe(404);
    expect((await stepsOf(hers))[0]!.state).toBe("todo");

    const done = {
      intent: "done",
      step: String(herCall!.stepId),
      seen: "todo",
      back: "https://evil.example/admin/onboarding",
    };
    const first = await callRoute(
      stepRoute.action,
      request(`/admin/cadastros/${hers}/onboarding`, "approver", done),
      { id: String(hers) },
    );
    // Back to her page, never to another site.
    expect(first).toMatchObject({
      status: 302,
      location: `/admin/cadastros/${hers}?onboarding=saved#onboarding`,
    });
    const second = await callRoute(
      stepRoute.action,
      request(`/admin/cadastros/${hers}/onboarding`, "admin", done),
      { id: String(hers) },
    );
    expect(second.status).toBe(409);
    expect(second.data).toMatchObject({ error: "onboarding.errors.conflict", state: "done" });
    // The other application's step is untouched.
    expect((await stepsOf(other))[0]!.state).toBe("todo");

    const skip = await callRoute(
      stepRoute.action,
      request(`/admin/cadastros/${hers}/onboarding`, "approver", {
        intent: "skip",
        step: String((await stepsOf(hers))[1]!.stepId),
        seen: "todo",
        reason: "   ",
      }),
      { id: String(hers) },
    );
    expect(skip.status).toBe(400);
    expect(skip.data?.error).toBe("onboarding.errors.reasonRequired");

    const owner = await callRoute(
      stepRoute.action,
      request(`/admin/cadastros/${hers}/onboarding`, "approver", {
        intent: "owner",
        step: String(herCall!.stepId),
        owner: ids.model,
      }),
      { id: String(hers) },
    );
    expect(owner.status).toBe(400);
    expect(owner.data?.error).toBe("onboarding.errors.notStaff");
    expect((await stepsOf(hers))[0]!.ownerId).toBe(ids.approver);

    // From the view, the answer leads back to the view with its filters.
    const fromBoard = await callRoute(
      stepRoute.action,
      request(`/admin/cadastros/${other}/onboarding`, "approver", {
        intent: "done",
        step: String((await stepsOf(other))[0]!.stepId),
        seen: "todo",
        back: "/admin/onboarding?owner=me&overdue=1",
      }),
      { id: String(other) },
    );
    expect(fromBoard.location).toBe("/admin/onboarding?owner=me&overdue=1");
    expect(
      await (
        await getDatabase()
      )
        .select({ state: herSteps.state })
        .from(herSteps)
        .where(and(eq(herSteps.submissionId, other), eq(herSteps.stepId, herCall!.stepId))),
    ).toEqual([{ state: "done" }]);
  });
});
