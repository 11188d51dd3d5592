import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/db.server.ts";
import { accessLog, identityChecks, identityImages } from "#app/db/schema.server.ts";
import { readIdentityImageDays } from "#app/features/identity/retention.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import * as herPage from "#app/routes/areas/identity.tsx";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { callRoute } from "#app/test/routes.ts";
import { MAX_IDENTITY_BODY_BYTES } from "#app/utils/body-limit.server.ts";
import * as settings from "./identity-settings.tsx";
import * as checklist from "./production-checklist.tsx";
import * as photoRoute from "./submission-identity-photo.ts";
import * as review from "./submission-identity.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * Her identity check's routes as a browser (or an attacker) calls them, in-process: who may
 * send, see and answer what; her own photos never back to her, nor another's to anyone but the
 * reviewers; forged posts from another site, a file that is no photo and a body past every limit.
 */
describe.each(routeTestTargets)("the identity check's routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const { ids, cookies, account } = namedAccounts(marker, (who) => `${who} Lima`);
  let db: Database;
  const application: Record<string, number> = {};
  let jpeg: Buffer;

  const as = (who: string | null, headers: Record<string, string> = {}) => ({
    ...(who ? { cookie: cookies[who]! } : {}),
    "x-client-ip": "198.51.100.77",
    ...headers,
  });

  function uploadRequest(who: string | null, form: FormData, origin = TEST_ORIGIN) {
    return new Request(`${TEST_ORIGIN}/dashboard/model/identity`, {
      method: "POST",
      body: form,
      headers: as(who, { origin }),
    });
  }
  const passportForm = (extra: Record<string, string> = {}) => {
    const form = new FormData();
    form.append("documentType", "passport");
    for (const [name, value] of Object.entries(extra)) form.append(name, value);
    form.append("front", new Blob([new Uint8Array(jpeg)]), "front.jpg");
    form.append("selfie", new Blob([new Uint8Array(jpeg)]), "selfie.jpg");
    return form;
  };
  const sendUpload = (who: string | null, form: FormData, origin?: string) =>
    callRoute(herPage.action, uploadRequest(who, form, origin));

  const photoOf = (who: string | null, id: number, check: number, side = "front") =>
    callRoute(
      photoRoute.loader,
      new Request(`${TEST_ORIGIN}/admin/cadastros/${id}/identity/${check}/${side}`, {
        headers: as(who),
      }),
      { id: String(id), check: String(check), side },
    );
  const answer = (
    who: string | null,
    id: number,
    check: number,
    fields: Record<string, string>,
    origin = TEST_ORIGIN,
  ) =>
    callRoute(
      review.action,
      new Request(`${TEST_ORIGIN}/admin/cadastros/${id}/identity/${check}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: as(who, { origin }),
      }),
      { id: String(id), check: String(check) },
    );
  const checkOf = async (id: number) => {
    const [row] = await db.select().from(identityChecks).where(eq(identityChecks.submissionId, id));
    return row;
  };

  beforeAll(async () => {
    db = await openAppDatabase(kind, { ...TEST_SERVER_SETTINGS, SMTP_URL: "" });
    for (const [who, role] of [
      ["bia", "model"],
      ["mel", "model"],
      ["noa", "model"],
      ["aff", "affiliate"],
      ["eva", "editor"],
      ["rita", "approver"],
      ["vera", "approver"],
      ["dora", "admin"],
    ] as const) {
      await account(who, role);
    }
    for (const who of ["bia", "mel"]) {
      const id = await insertApplicationRow(db, {
        email: `${who}.${marker}@example.com`,
        fullName: `${who} Lima`,
      });
      await changeStatus(db, {
        submissionId: id,
        from: "Pendente",
        to: "Aprovado",
        actor: { id: ids.rita!, role: "approver" },
      });
      application[who] = id;
    }
    jpeg = await sharp({
      create: { width: 120, height: 80, channels: 3, background: "#c08060" },
    })
      .jpeg()
      .toBuffer();
  }, paced(90_000));
  afterAll(() => closeAppDatabase());

  it("takes her upload only from her, on this site, to her own application", async () => {
    expect(await sendUpload(null, passportForm())).toMatchObject({ status: 302 });
    for (const who of ["aff", "eva", "rita"]) {
      expect((await sendUpload(who, passportForm())).location).toBe("/permission-denied");
    }
    const forged = await sendUpload("bia", passportForm(), "https://evil.example");
    expect(forged.status).toBe(403);
    expect(await checkOf(application.bia!)).toBeUndefined();
    // A model with no approved application has nothing to send to.
    expect((await sendUpload("noa", passportForm())).status).toBe(409);
    // Naming another's application changes nothing: hers is found from her verified address.
    const sent = await sendUpload("bia", passportForm({ submissionId: String(application.mel) }));
    expect(sent).toMatchObject({ status: 303, location: "/dashboard/model/identity?sent=1" });
    expect(await checkOf(application.mel!)).toBeUndefined();
    expect(await checkOf(application.bia!)).toMatchObject({ state: "submitted" });
  });

  it("refuses a file that is no photo, a body that is no upload and one past every limit", async () => {
    const form = new FormData();
    form.append("documentType", "passport");
    form.append("front", new Blob(["<svg onload=alert(1)>"]), "front.jpg");
    form.append("selfie", new Blob([new Uint8Array(jpeg)]), "selfie.jpg");
    const notAPhoto = await sendUpload("mel", form);
    expect(notAPhoto).toMatchObject({
      status: 400,
      data: { fieldErrors: { front: "identity.errors.notAnImage" } },
    });
    const urlencoded = await callRoute(
      herPage.action,
      new Request(`${TEST_ORIGIN}/dashboard/model/identity`, {
        method: "POST",
        body: new URLSearchParams({ documentType: "passport" }),
        headers: as("mel", { origin: TEST_ORIGIN }),
      }),
    );
    expect(urlencoded.status).toBe(400);
    const huge = new FormData();
    huge.append("documentType", "passport");
    huge.append("front", new Blob([new Uint8Array(MAX_IDENTITY_BODY_BYTES + 1024)]), "f.jpg");
    expect((await sendUpload("mel", huge)).status).toBe(413);
    expect(await checkOf(application.mel!)).toBeUndefined();
  });

  it("shows her photos to the reviewers only, never cached, each view logged", async () => {
    const check = (await checkOf(application.bia!))!;
    expect((await photoOf(null, application.bia!, check.id)).status).toBe(302);
    for (const who of ["bia", "mel", "aff", "eva"]) {
      // Her own photos through the staff's route too: never back to a model.
      expect((await photoOf(who, application.bia!, check.id)).location).toBe("/permission-denied");
    }
    const seen = await photoOf("rita", application.bia!, check.id);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/jpeg");
    expect(seen.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await seen.response!.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
    // Guessed ids: her check under another application, a side she did not send, no such check.
    expect((await photoOf("rita", application.mel!, check.id)).status).toBe(404);
    expect((await photoOf("rita", application.bia!, check.id, "back")).status).toBe(404);
    expect((await photoOf("rita", application.bia!, check.id + 1000)).status).toBe(404);
    const views = await db
      .select({ details: accessLog.details, actorId: accessLog.actorId })
      .from(accessLog)
      .where(eq(accessLog.action, "submission.identity-viewed"));
    expect(views).toEqual([{ details: { check: check.id, side: "front" }, actorId: ids.rita }]);
  });

  it("lets the reviewers answer, refuses forged and half answers, and a second answer gets a 409", async () => {
    const check = (await checkOf(application.bia!))!;
    const whole = { intent: "confirm", type: "passport", match: "yes", bornOn: "1999-03-04" };
    expect((await answer("eva", application.bia!, check.id, whole)).location).toBe(
      "/permission-denied",
    );
    expect((await answer("bia", application.bia!, check.id, whole)).location).toBe(
      "/permission-denied",
    );
    expect(
      (await answer("rita", application.bia!, check.id, whole, "https://evil.example")).status,
    ).toBe(403);
    const unticked = await answer("rita", application.bia!, check.id, { ...whole, match: "" });
    expect(unticked).toMatchObject({
      status: 400,
      data: { fieldErrors: { match: "identity.staff.errors.match" } },
    });
    const young = await answer("rita", application.bia!, check.id, {
      ...whole,
      bornOn: `${new Date().getUTCFullYear() - 10}-01-01`,
    });
    expect(young).toMatchObject({
      status: 400,
      data: { fieldErrors: { bornOn: "identity.staff.errors.underAge" } },
    });
    expect(
      (await answer("rita", application.mel!, check.id, whole)).status,
      "her check under another application",
    ).toBe(404);
    expect(await checkOf(application.bia!)).toMatchObject({ state: "submitted" });

    const [first, second] = await Promise.all([
      answer("rita", application.bia!, check.id, whole),
      answer("vera", application.bia!, check.id, { intent: "retake", reason: "Borrada." }),
    ]);
    expect([first.status, second.status].sort()).toEqual([303, 409]);
    const late = first.status === 409 ? first : second;
    expect(late.data).toMatchObject({ error: "identity.staff.errors.conflict" });
  });

  it("keeps the photos' period the admin's", async () => {
    const post = (who: string, days: string, origin = TEST_ORIGIN) =>
      callRoute(
        settings.action,
        new Request(`${TEST_ORIGIN}/admin/privacy/identity`, {
          method: "POST",
          body: new URLSearchParams({ days }),
          headers: as(who, { origin }),
        }),
      );
    expect((await post("rita", "30")).location).toBe("/permission-denied");
    expect((await post("dora", "30", "https://evil.example")).status).toBe(403);
    expect((await post("dora", "0")).status).toBe(400);
    expect((await readIdentityImageDays(db)).days).toBe(90);
    expect(await post("dora", "45")).toMatchObject({ status: 303 });
    expect((await readIdentityImageDays(db)).days).toBe(45);
    // The production checklist shows it.
    const listed = await callRoute(
      checklist.loader,
      new Request(`${TEST_ORIGIN}/admin/production-checklist`, { headers: as("dora") }),
    );
    expect(listed.data?.checks).toContainEqual({
      id: "identityImages",
      ok: true,
      values: { days: 45 },
    });
    expect(await db.$count(identityImages)).toBeGreaterThan(0);
  });
});
