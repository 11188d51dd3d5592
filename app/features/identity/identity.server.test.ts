import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IdentityImageSide } from "#app/db/career-states.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  accessLog,
  identityChecks,
  identityImages,
  onboardingSteps,
  outbox,
  submissionOnboardingSteps as herSteps,
} from "#app/db/schema.server.ts";
import { dataViewsOf } from "#app/features/model-dashboard/dashboard.server.ts";
import { collectPersonalData } from "#app/features/privacy/data-export.server.ts";
import { eraseApplications } from "#app/features/privacy/erasure.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { decryptBytes, encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { preparePhotos } from "#app/features/submissions/photo-upload.server.ts";
import { herIdentity, submitIdentityCheck } from "./checks.server.ts";
import { isAdultOn } from "./limits.ts";
import { receiveIdentityCheck } from "./receive.server.ts";
import { purgeIdentityImages, saveIdentityImageDays } from "./retention.server.ts";
import {
  agencyToday,
  askForRetake,
  confirmIdentityCheck,
  identityReview,
  recordIdentityView,
} from "./review.server.ts";
import { paced } from "#app/test/pace.ts";

/** A photo with pixels of its own and an EXIF field that must never be kept. */
async function photo(seed: number, secret: string) {
  const width = 320;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * seed + (i >> 7)) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Copyright: secret, Artist: secret } })
    .jpeg()
    .toBuffer();
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** Her form as her browser sends it: multipart, from this site. */
function upload(documentType: string, files: Partial<Record<IdentityImageSide, Buffer | string>>) {
  const form = new FormData();
  form.append("documentType", documentType);
  for (const [side, bytes] of Object.entries(files)) {
    form.append(
      side,
      new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]),
      `${side}.jpg`,
    );
  }
  return new Request(`${TEST_ORIGIN}/dashboard/model/identity`, {
    method: "POST",
    body: form,
    headers: { origin: TEST_ORIGIN },
  });
}

describe("18 or over on the day", () => {
  it("counts her birthday as hers, and 29 February as 1 March in a common year", () => {
    expect(isAdultOn("2008-06-15", "2026-06-15")).toBe(true);
    expect(isAdultOn("2008-06-16", "2026-06-15")).toBe(false);
    expect(isAdultOn("2008-02-29", "2026-02-28")).toBe(false);
    expect(isAdultOn("2008-02-29", "2026-03-01")).toBe(true);
  });
});

describe.each(databaseTargets)("her identity check on %s", (_name, kind) => {
  const marker = randomUUID().slice(0, 8);
  const secret = `exif-${marker}`;
  let db: Database;
  let reviewer: string;
  let other: string;
  const her = (name: string) => ({ email: `${name}.${marker}@example.com`, emailVerified: true });
  const applicationOf: Record<string, number> = {};
  let front: Buffer;
  let back: Buffer;
  let selfie: Buffer;

  /** An approved model with her onboarding (its identity step to do). */
  async function approved(name: string, input: { language?: string; document?: string } = {}) {
    const id = await insertApplicationRow(db, {
      fullName: `${name} Andrade`,
      email: her(name).email,
      language: input.language ?? "pt",
      dateOfBirth: "2000-04-02",
      ...(input.document
        ? {
            documentEncrypted: encrypt(input.document, getEncryptionKey().key),
            documentLastDigits: input.document.slice(-4),
          }
        : {}),
    });
    const decided = await changeStatus(db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor: { id: reviewer, role: "approver" },
    });
    expect(decided.outcome).toBe("changed");
    applicationOf[name] = id;
    return id;
  }

  const identityStep = async (submissionId: number) => {
    const [row] = await db
      .select({ state: herSteps.state })
      .from(herSteps)
      .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
      .where(and(eq(herSteps.submissionId, submissionId), eq(onboardingSteps.key, "identity")));
    return row?.state;
  };
  const checksOf = (submissionId: number) =>
    db.select().from(identityChecks).where(eq(identityChecks.submissionId, submissionId));
  const send = (
    name: string,
    type: string,
    files: Partial<Record<IdentityImageSide, Buffer | string>>,
  ) => receiveIdentityCheck(db, her(name), upload(type, files));
  const actor = () => ({ id: reviewer, ip: "198.51.100.9" });

  beforeAll(async () => {
    db = await openAppDatabase(kind, { ...TEST_SERVER_SETTINGS, SMTP_URL: "" });
    reviewer = await insertAccount(db, { email: `rev.${marker}@example.com`, role: "approver" });
    other = await insertAccount(db, { email: `adm.${marker}@example.com`, role: "admin" });
    front = await photo(3, secret);
    back = await photo(4, secret);
    selfie = await photo(5, secret);
  }, paced(60_000));
  afterAll(() => closeAppDatabase());

  it("stores her check and its photos encrypted: no JPEG, no EXIF in the bytes kept, a clean JPEG inside", async () => {
    const id = await approved("ana");
    expect(await send("ana", "id-card", { front, back, selfie })).toEqual({ status: 303 });
    const [check] = await checksOf(id);
    expect(check).toMatchObject({ state: "submitted", documentType: "id-card" });
    const rows = await db
      .select()
      .from(identityImages)
      .where(eq(identityImages.checkId, check!.id));
    expect(rows.map((row) => row.side).sort()).toEqual(["back", "front", "selfie"]);
    const { key } = getEncryptionKey();
    for (const row of rows) {
      const raw = Buffer.from(row.bytes);
      expect(raw.subarray(0, 3).equals(JPEG)).toBe(false);
      expect(raw.includes(secret)).toBe(false);
      const clear = decryptBytes(raw, key);
      expect(clear.subarray(0, 3).equals(JPEG)).toBe(true);
      expect(clear.includes(secret)).toBe(false);
      const seen = await sharp(clear).metadata();
      expect(seen).toMatchObject({ format: "jpeg", width: row.width, height: row.height });
      expect(seen.exif).toBeUndefined();
    }
    expect((await herIdentity(db, her("ana")))?.latest).toMatchObject({ state: "submitted" });
    // One waits: a second one is refused, nothing added.
    const again = await send("ana", "passport", { front, selfie });
    expect(again).toMatchObject({ status: 409, result: { error: "identity.errors.waiting" } });
    expect(await checksOf(id)).toHaveLength(1);
  });

  it("refuses a file that is no photo, a missing side, a type that is none; stores nothing", async () => {
    const id = await approved("bea");
    const notAPhoto = await send("bea", "passport", { front: "%PDF-1.7 not a photo", selfie });
    expect(notAPhoto).toMatchObject({
      status: 400,
      result: { fieldErrors: { front: "identity.errors.notAnImage" }, documentType: "passport" },
    });
    const noBack = await send("bea", "driving-licence", { front, selfie });
    expect(noBack).toMatchObject({
      status: 400,
      result: { fieldErrors: { back: "identity.errors.missing" } },
    });
    const noType = await send("bea", "library-card", { front, selfie });
    expect(noType).toMatchObject({
      status: 400,
      result: { fieldErrors: { documentType: "identity.errors.type" } },
    });
    expect(await checksOf(id)).toEqual([]);
    // A passport has no back: the two photos are enough.
    expect(await send("bea", "passport", { front, selfie })).toEqual({ status: 303 });
    const [check] = await checksOf(id);
    const sides = await db
      .select({ side: identityImages.side })
      .from(identityImages)
      .where(eq(identityImages.checkId, check!.id));
    expect(sides.map((row) => row.side).sort()).toEqual(["front", "selfie"]);
  });

  it("refuses a model with nothing to check: not approved, or her identity step closed", async () => {
    await insertApplicationRow(db, { email: her("cai").email, status: "Pendente" });
    expect(await send("cai", "passport", { front, selfie })).toMatchObject({
      status: 409,
      result: { error: "identity.errors.notNeeded" },
    });
    expect(
      await receiveIdentityCheck(
        db,
        { ...her("cai"), emailVerified: false },
        upload("passport", { front, selfie }),
      ),
    ).toMatchObject({ status: 409 });
  });

  it("keeps one check waiting when two uploads arrive at once", async () => {
    const id = await approved("hana");
    const [one, two] = await preparePhotos([front, selfie]);
    const photos = { front: one!, selfie: two! };
    const answers = await Promise.all([
      submitIdentityCheck(db, her("hana"), "passport", photos),
      submitIdentityCheck(db, her("hana"), "passport", photos),
    ]);
    expect(answers.filter((answer) => answer === "waiting")).toHaveLength(1);
    expect(await checksOf(id)).toHaveLength(1);
    expect(await db.$count(identityImages)).toBeGreaterThanOrEqual(2);
  });

  it("asks for new photos with a reason mailed in her language, then takes her new check", async () => {
    const id = await approved("dani", { language: "de", document: "RG 12.345.678-9" });
    await send("dani", "passport", { front, selfie });
    const [check] = await checksOf(id);
    const reason = "Das Foto ist unscharf, bitte bei Tageslicht.";
    expect(
      await askForRetake(db, { submissionId: id, checkId: check!.id, reason, actor: actor() }),
    ).toEqual({ outcome: "retake" });
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, her("dani").email), eq(outbox.kind, "identity-retake")));
    expect(mail).toMatchObject({ language: "de" });
    expect(mail!.subject).toContain("neue Fotos");
    expect(mail!.text).toContain("Hallo dani,");
    expect(mail!.text).toContain("Das Foto ist unscharf");
    // Nothing of the document: no digits, no type.
    expect(mail!.text).not.toMatch(/12\.345|5678|Reisepass|passport/i);
    expect(mail!.html).not.toMatch(/5678|Reisepass/);
    // The log names the answer, never the reason.
    const [logged] = await db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(
        and(eq(accessLog.action, "submission.identity"), eq(accessLog.subject, `submission:${id}`)),
      );
    expect(logged!.details).toEqual({ check: check!.id, decision: "retake" });
    expect((await herIdentity(db, her("dani")))?.latest).toMatchObject({
      state: "retake",
      retakeReason: reason,
    });
    expect(await identityStep(id)).toBe("todo");
    expect(await send("dani", "passport", { front, selfie })).toEqual({ status: 303 });
    expect(await checksOf(id)).toHaveLength(2);
  });

  it("refuses a confirmation when she is under 18 today (Brasília), then confirms and completes her step", async () => {
    const id = await approved("eva", { document: "AB1234567" });
    await send("eva", "id-card", { front, back, selfie });
    const [check] = await checksOf(id);
    const review = await identityReview(db, id, check!.id, actor());
    expect(review?.lastDigits).toEqual({ digits: "4567" });
    // Reading the last digits is a reveal, logged as one (and shown to her).
    const reveals = await db
      .select({ id: accessLog.id })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "submission.reveal-document"),
          eq(accessLog.subject, `submission:${id}`),
        ),
      );
    expect(reveals).toHaveLength(1);

    const today = await agencyToday(db);
    const [y, m, d] = today.split("-").map(Number) as [number, number, number];
    const turns18Tomorrow = new Date(Date.UTC(y - 18, m - 1, d + 1)).toISOString().slice(0, 10);
    const turns18Today = new Date(Date.UTC(y - 18, m - 1, d)).toISOString().slice(0, 10);
    const input = {
      submissionId: id,
      checkId: check!.id,
      confirmedType: "id-card" as const,
      actor: actor(),
    };
    expect(await confirmIdentityCheck(db, { ...input, bornOn: turns18Tomorrow })).toEqual({
      outcome: "under-age",
    });
    expect((await checksOf(id))[0]).toMatchObject({ state: "submitted", reviewedAt: null });
    expect(await identityStep(id)).toBe("todo");

    expect(await confirmIdentityCheck(db, { ...input, bornOn: turns18Today })).toEqual({
      outcome: "confirmed",
    });
    expect((await checksOf(id))[0]).toMatchObject({
      state: "confirmed",
      reviewedBy: reviewer,
      confirmedType: "id-card",
      lastDigitsMatch: true,
      bornOn: turns18Today,
    });
    expect(await identityStep(id)).toBe("done");
    expect((await herIdentity(db, her("eva")))?.latest).toMatchObject({ state: "confirmed" });
    // A second reviewer answering the same check: told it was answered, nothing changed.
    expect(
      await askForRetake(db, {
        submissionId: id,
        checkId: check!.id,
        reason: "x",
        actor: { id: other },
      }),
    ).toEqual({ outcome: "conflict", state: "confirmed" });
    expect((await checksOf(id))[0]).toMatchObject({ state: "confirmed", reviewedBy: reviewer });
  });

  it("two reviewers answering at once: one answer stands", async () => {
    const id = await approved("fia");
    await send("fia", "passport", { front, selfie });
    const [check] = await checksOf(id);
    const answers = await Promise.all([
      confirmIdentityCheck(db, {
        submissionId: id,
        checkId: check!.id,
        confirmedType: "passport",
        bornOn: "1999-01-01",
        actor: actor(),
      }),
      askForRetake(db, {
        submissionId: id,
        checkId: check!.id,
        reason: "Borrada.",
        actor: { id: other },
      }),
    ]);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual(
      answers[0]!.outcome === "confirmed" ? ["confirmed", "conflict"] : ["conflict", "retake"],
    );
    const logged = await db
      .select({ id: accessLog.id })
      .from(accessLog)
      .where(
        and(eq(accessLog.action, "submission.identity"), eq(accessLog.subject, `submission:${id}`)),
      );
    expect(logged).toHaveLength(1);
  });

  it("logs every view of a photo with its check and side, and tells her", async () => {
    const id = applicationOf.ana!;
    const [check] = await checksOf(id);
    await recordIdentityView(db, id, check!.id, "front", actor());
    await recordIdentityView(db, id, check!.id, "selfie", actor());
    const rows = await db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "submission.identity-viewed"),
          eq(accessLog.subject, `submission:${id}`),
        ),
      );
    expect(rows.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { check: check!.id, side: "front" },
        { check: check!.id, side: "selfie" },
      ]),
    );
    const views = await dataViewsOf(db, [id]);
    expect(views.filter((view) => view.action === "submission.identity-viewed")).toHaveLength(2);
    expect(views[0]).toMatchObject({ role: "approver" });
  });

  it("deletes the photos the set number of days after the answer, keeping the record", async () => {
    const id = applicationOf.eva!;
    const [check] = await checksOf(id);
    await saveIdentityImageDays(db, 30, { id: other });
    await purgeIdentityImages(db);
    expect(await db.$count(identityImages, eq(identityImages.checkId, check!.id))).toBe(3);
    await db
      .update(identityChecks)
      .set({ reviewedAt: sql`now() - interval '29 days'` })
      .where(eq(identityChecks.id, check!.id));
    await purgeIdentityImages(db);
    expect(await db.$count(identityImages, eq(identityImages.checkId, check!.id))).toBe(3);
    await db
      .update(identityChecks)
      .set({ reviewedAt: sql`now() - interval '31 days'` })
      .where(eq(identityChecks.id, check!.id));
    expect(await purgeIdentityImages(db)).toBeGreaterThanOrEqual(1);
    expect(await db.$count(identityImages, eq(identityImages.checkId, check!.id))).toBe(0);
    const [kept] = await checksOf(id);
    expect(kept).toMatchObject({ state: "confirmed", reviewedBy: reviewer, lastDigitsMatch: true });
    expect(kept!.imagesDeletedAt).toBeInstanceOf(Date);
    // A waiting check is never touched by the job.
    const waiting = (await checksOf(applicationOf.ana!))[0]!;
    expect(await db.$count(identityImages, eq(identityImages.checkId, waiting.id))).toBe(3);
  });

  it("exports her checks with her photos while kept; erasure deletes them, keeping a confirmation", async () => {
    const id = applicationOf.fia!;
    const exported = await collectPersonalData(db, her("fia").email, { includeDocument: false });
    const checks = exported.applications.find((one) => one.id === id)!.identityChecks as {
      state: string;
      photos: { side: string; dataUrl: string }[];
    }[];
    expect(checks).toHaveLength(1);
    expect(checks[0]!.photos.map((one) => one.side).sort()).toEqual(["front", "selfie"]);
    expect(checks[0]!.photos[0]!.dataUrl).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(JSON.stringify(checks)).not.toContain(reviewer);

    const gia = await approved("gia");
    await send("gia", "passport", { front, selfie });
    const [check] = await checksOf(gia);
    await confirmIdentityCheck(db, {
      submissionId: gia,
      checkId: check!.id,
      confirmedType: "passport",
      bornOn: "1998-07-09",
      actor: actor(),
    });
    await db.transaction((tx) => eraseApplications(tx, [gia, applicationOf.ana!]));
    const [record] = await checksOf(gia);
    expect(record).toMatchObject({
      state: "confirmed",
      reviewedBy: reviewer,
      bornOn: "1998-07-09",
    });
    expect(record!.imagesDeletedAt).toBeInstanceOf(Date);
    expect(await db.$count(identityImages, eq(identityImages.checkId, check!.id))).toBe(0);
    const ana = await checksOf(applicationOf.ana!);
    // A check still waiting proves nothing: it goes whole with her photos.
    expect(ana).toEqual([]);
  });
});
