import { randomBytes } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, submissions, submissionStatusHistory, user } from "#app/db/schema.server.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import * as dashboard from "./model-dashboard.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The model's dashboard through its loader and action, with real sessions, on PGlite and
 * PostgreSQL: she sees only the applications sent with her own verified address (never another
 * model's, never an erased one), their history without reviewers' names, the staff's views of her
 * data by role; she edits her profile with the form's checks; other roles never get in.
 */
describe.each(routeTestTargets)("the model dashboard on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  const { ids, cookies, account } = namedAccounts(
    marker,
    (who) => `${who[0]!.toUpperCase()}${who.slice(1)} Souza`,
  );
  const applicationIds: Record<string, number> = {};

  const request = (who?: string, form?: Record<string, string>, origin = TEST_ORIGIN) =>
    new Request(`${TEST_ORIGIN}/dashboard/model`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin,
        "accept-language": "en",
        "x-client-ip": "198.51.100.61",
        ...(who ? { cookie: cookies[who]! } : {}),
      },
    });
  const load = (who?: string) => callRoute(dashboard.loader, request(who));
  const post = (who: string, form: Record<string, string>, origin?: string) =>
    callRoute(dashboard.action, request(who, form, origin));

  const application = (who: string, values: Parameters<typeof insertApplicationRow>[1] = {}) =>
    getDatabase().then((db) =>
      insertApplicationRow(db, {
        fullName: `${who} Souza`,
        email: email(who).toUpperCase(),
        age: 25,
        whatsapp: "+5548999990000",
        instagram: `@${who}`,
        message: "Quero crescer com uma equipe séria.",
        ...values,
      }),
    );

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const who of ["bia", "clara"]) await account(who, "model");
    await account("lia", "affiliate");
    await account("rita", "approver");
    await account("dora", "admin");
    const db = await getDatabase();
    applicationIds.bia = await application("bia", {
      status: "Aprovado",
      documentEncrypted: "not-shown",
      documentLastDigits: "8909",
    });
    applicationIds.biaErased = await application("bia", { erasedAt: new Date() });
    applicationIds.clara = await application("clara");
    await db.insert(submissionStatusHistory).values([
      { submissionId: applicationIds.bia, fromStatus: null, toStatus: "Pendente" },
      {
        submissionId: applicationIds.bia,
        fromStatus: "Pendente",
        toStatus: "Aprovado",
        changedBy: ids.rita,
        note: "Bem-vinda!",
      },
    ]);
    await db.insert(accessLog).values([
      {
        actorId: ids.dora,
        action: "submission.reveal-document",
        subject: `submission:${applicationIds.bia}`,
      },
      // Another model's reveal, and an action she is not told about.
      {
        actorId: ids.dora,
        action: "submission.reveal-document",
        subject: `submission:${applicationIds.clara}`,
      },
      {
        actorId: ids.rita,
        action: "submission.status",
        subject: `submission:${applicationIds.bia}`,
      },
    ]);
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    const all = Object.values(ids);
    if (all.length) {
      await db.delete(accessLog).where(inArray(accessLog.actorId, all));
      await db.delete(user).where(inArray(user.id, all));
    }
    await closeAppDatabase();
  });

  it("sends a visitor to sign in and other roles to permission denied", async () => {
    expect((await load()).location).toMatch(/^\/login\?redirect=%2Fdashboard%2Fmodel/);
    for (const who of ["lia", "rita", "dora"]) {
      expect(await load(who), who).toMatchObject({ status: 302, location: "/permission-denied" });
    }
  });

  it("shows her own applications only, with history but no reviewer, and never the document", async () => {
    const page = await load("bia");
    expect(page.status).toBe(200);
    const applications = page.data!.applications;
    expect(applications.map((a) => a.id)).toEqual([applicationIds.bia]);
    expect(applications[0]).toMatchObject({
      status: "Aprovado",
      fullName: "bia Souza",
      documentLastDigits: "8909",
      hasDocument: true,
      history: [
        { from: null, to: "Pendente", note: null },
        { from: "Pendente", to: "Aprovado", note: "Bem-vinda!" },
      ],
    });
    const sent = JSON.stringify(page.data);
    expect(sent).not.toContain("not-shown");
    expect(sent).not.toContain(ids.rita!);
    expect(sent).not.toContain(email("clara"));
    expect(sent).not.toContain("Rita Souza");
  });

  it("tells her when staff revealed her document, by role, and nothing of others", async () => {
    const { data } = await load("bia");
    expect(data!.views).toEqual([
      expect.objectContaining({ action: "submission.reveal-document", role: "admin" }),
    ]);
    expect(JSON.stringify(data!.views)).not.toContain(ids.dora!);
    expect((await load("clara")).data!.views).toHaveLength(1);
  });

  it("shows nothing until her address is verified", async () => {
    const db = await getDatabase();
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, ids.clara!));
    try {
      const { data } = await load("clara");
      expect(data).toMatchObject({ emailVerified: false, applications: [], views: [] });
    } finally {
      await db.update(user).set({ emailVerified: true }).where(eq(user.id, ids.clara!));
    }
  });

  it("saves her profile with the form's checks, refusing bad input whole", async () => {
    const valid = {
      name: "Beatriz Souza",
      whatsapp: "+55 (48) 98888-7777",
      instagram: "https://portfolio.example/bia",
      language: "es",
    };
    for (const [values, field, key] of [
      [{ name: "" }, "name", "validation.fullNameRequired"],
      [{ whatsapp: "call me" }, "whatsapp", "validation.whatsappInvalid"],
      [{ instagram: "x".repeat(201) }, "instagram", "validation.tooLong"],
      [{ language: "fr" }, "language", "dashboard.profile.languageInvalid"],
    ] as const) {
      const answer = await post("bia", { ...valid, ...values });
      expect(answer).toMatchObject({
        status: 400,
        data: { fieldErrors: { [field]: key }, values: { ...valid, ...values } },
      });
    }
    expect(await post("bia", valid, "https://evil.example")).toMatchObject({ status: 403 });
    const before = await (await getDatabase()).select().from(user).where(eq(user.id, ids.bia!));
    expect(before[0]).toMatchObject({ name: "Bia Souza", whatsapp: null });

    expect(await post("bia", valid)).toMatchObject({
      status: 303,
      location: "/dashboard/model?saved=profile#profile",
    });
    const [row] = await (await getDatabase()).select().from(user).where(eq(user.id, ids.bia!));
    expect(row).toMatchObject({
      name: "Beatriz Souza",
      whatsapp: "+5548988887777",
      instagram: "https://portfolio.example/bia",
      language: "es",
    });
    // Only her own row changed.
    const [other] = await (await getDatabase()).select().from(user).where(eq(user.id, ids.clara!));
    expect(other).toMatchObject({ name: "Clara Souza", whatsapp: null });
    // The other roles cannot post here either.
    expect(await post("lia", valid)).toMatchObject({ status: 302, location: "/permission-denied" });
  });
});
