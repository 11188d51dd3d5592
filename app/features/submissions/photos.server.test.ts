import { and, eq, inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  submissionPhotos,
  submissions,
  submissionStatusHistory,
  user,
} from "#app/db/schema.server.ts";
import { handleChatbotApplication } from "#app/features/chatbot/chatbot.server.ts";
import { dataViewsOf } from "#app/features/model-dashboard/dashboard.server.ts";
import { handlePreselection } from "#app/features/preselection/preselection.server.ts";
import { collectPersonalData } from "#app/features/privacy/data-export.server.ts";
import { eraseApplications } from "#app/features/privacy/erasure.server.ts";
import { runRetention } from "#app/features/privacy/retention.server.ts";
import * as photoRoute from "#app/routes/admin/submission-photo.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { her as chatbotApplicant } from "#app/test/chatbot-conversation.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { callRoute } from "#app/test/routes.ts";
import { testRun } from "#app/test/test-run.ts";
import { decryptBytes, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { PHOTOS_FIELD } from "./photo-limits.ts";
import { preparePhotos } from "./photo-upload.server.ts";
import { photosOf, photoUrl, readPhoto, storePhotos } from "./photos.server.ts";
import { paced } from "#app/test/pace.ts";

/** A photo with pixels of its own (so each has bytes no other has), as a JPEG. */
async function photo(seed: number, width = 400, height = 300) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * seed + (i >> 9)) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** Whether `haystack` holds any 48-byte run of `needle` (its start, its middle, its end). */
function holdsPartOf(haystack: Buffer, needle: Buffer) {
  const at = [0, Math.floor(needle.length / 2), needle.length - 48];
  return at.some((start) => haystack.includes(needle.subarray(start, start + 48)));
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

describe.each(databaseTargets)("applicants' photos on %s", (_name, kind) => {
  const { marker, emailOf, nextIp } = testRun();
  const { ids, cookies, account } = namedAccounts(marker, (who) => `${who} Souza`);

  const answers = (name: string) => ({
    fullName: "Ana Beatriz Souza",
    age: "24",
    email: emailOf(name),
    whatsapp: "+55 48 99999-9999",
    instagram: "@ana.souza",
    experience: "beginner",
    message: "Quero transformar meu perfil em uma carreira.",
    consent: "on",
  });

  /** Her form as the browser's script sends it: multipart, from an address of its own. */
  function post(fields: Record<string, string>, files: (Buffer | string)[]) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    files.forEach((bytes, i) =>
      form.append(
        PHOTOS_FIELD,
        new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]),
        `IMG_${i + 1}.jpg`,
      ),
    );
    return new Request(`${TEST_ORIGIN}/?index`, {
      method: "POST",
      body: form,
      headers: { origin: TEST_ORIGIN, "x-client-ip": nextIp(), "accept-language": "pt-BR" },
    });
  }

  async function send(fields: Record<string, string>, files: (Buffer | string)[]) {
    const result = await handlePreselection(post(fields, files), "form");
    return { status: result.init?.status ?? 200, data: result.data };
  }

  const applicationOf = async (email: string) => {
    const db = await getDatabase();
    return db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.emailNormalized, email.toLowerCase()));
  };

  const photoRequest = (url: string, who?: string) =>
    new Request(`${TEST_ORIGIN}${url}`, {
      headers: { "x-client-ip": "198.51.100.7", ...(who ? { cookie: cookies[who]! } : {}) },
    });
  const fetchPhoto = (url: string, who?: string) => {
    const [, , , id, , photoId, size] = url.split("/");
    return callRoute(photoRoute.loader, photoRequest(url, who), {
      id: id!,
      photo: photoId!,
      size: size!,
    });
  };

  let stored: { id: number; photos: Buffer[] };

  beforeAll(async () => {
    await openAppDatabase(kind, { ...TEST_SERVER_SETTINGS, SUBMISSION_RATE_LIMIT: "100" });
    await account("bia", "model");
    await account("lia", "affiliate");
    await account("eva", "editor");
    await account("rita", "approver");
    await account("dora", "admin");
    const photos = [await photo(3), await photo(5, 300, 400)];
    const answer = await send(answers("bia"), photos);
    expect(answer).toMatchObject({ status: 200, data: { status: "sent" } });
    const [row] = await applicationOf(emailOf("bia"));
    stored = { id: row!.id, photos };
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

  it("stores the application with its photos, re-encoded, in her order", async () => {
    const db = await getDatabase();
    const refs = await photosOf(db, stored.id);
    expect(refs).toMatchObject([
      { position: 1, width: 400, height: 300 },
      { position: 2, width: 300, height: 400 },
    ]);
    const large = await readPhoto(db, stored.id, refs[0]!.id, "large");
    expect((await sharp(large!).metadata()).format).toBe("jpeg");
    expect(large!.equals(stored.photos[0]!)).toBe(false);
    const thumb = await readPhoto(db, stored.id, refs[1]!.id, "thumb");
    expect(await sharp(thumb!).metadata()).toMatchObject({ width: 240, height: 320 });
  });

  it("keeps them encrypted: no picture's bytes in what the table holds", async () => {
    const db = await getDatabase();
    const rows = await db
      .select({ large: submissionPhotos.large, thumb: submissionPhotos.thumb })
      .from(submissionPhotos)
      .where(eq(submissionPhotos.submissionId, stored.id));
    expect(rows).toHaveLength(2);
    const { key } = getEncryptionKey();
    for (const row of rows) {
      for (const raw of [row.large, row.thumb]) {
        expect(raw.subarray(0, 3).equals(JPEG)).toBe(false);
        const clear = decryptBytes(raw, key);
        expect(clear.subarray(0, 3).equals(JPEG)).toBe(true);
        expect(holdsPartOf(raw, clear)).toBe(false);
        for (const original of stored.photos) expect(holdsPartOf(raw, original)).toBe(false);
      }
    }
  });

  it("refuses the whole application for one bad photo, keeping every other answer", async () => {
    const db = await getDatabase();
    const before = await db.$count(submissionPhotos);
    const typed = answers("text-named-jpg");
    const answer = await send(typed, [await photo(7), "I am a text file named IMG_2.jpg\n"]);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      status: "invalid",
      fieldErrors: { photos: "preselection.photos.errors.notAnImage" },
      values: expect.objectContaining({
        fullName: typed.fullName,
        email: typed.email,
        message: typed.message,
      }),
    });
    expect(await applicationOf(typed.email)).toEqual([]);
    expect(await db.$count(submissionPhotos)).toBe(before);

    // Six photos: the same, said as such; with a field's error too, both are told.
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => photo(seed, 40, 30)));
    const tooMany = await send({ ...answers("six"), age: "12" }, six);
    expect(tooMany).toMatchObject({
      status: 400,
      data: {
        fieldErrors: { photos: "preselection.photos.errors.tooMany", age: expect.any(String) },
        values: { fullName: typed.fullName },
      },
    });
    expect(await applicationOf(emailOf("six"))).toEqual([]);
  });

  it("takes /register/model's application and account with its photos", async () => {
    const form = new FormData();
    const email = emailOf("register");
    for (const [name, value] of Object.entries({
      ...answers("register"),
      password: "um-sonho-de-floripa",
    })) {
      form.append(name, value);
    }
    form.append(PHOTOS_FIELD, new Blob([new Uint8Array(await photo(29))]), "me.webp");
    const request = new Request(`${TEST_ORIGIN}/register/model`, {
      method: "POST",
      body: form,
      headers: { origin: TEST_ORIGIN, "x-client-ip": nextIp() },
    });
    const result = await handlePreselection(request, "register");
    expect(result.data).toMatchObject({ status: "sent" });
    const [row] = await applicationOf(email);
    expect(await photosOf(await getDatabase(), row!.id)).toHaveLength(1);
  });

  it("takes the chatbot's application with photos, and its own words for a refusal", async () => {
    const form = new FormData();
    const email = emailOf("chat");
    for (const [name, value] of Object.entries({ ...chatbotApplicant, email, consent: "on" })) {
      form.append(name, value);
    }
    form.append(PHOTOS_FIELD, new Blob([new Uint8Array(await photo(11))]), "me.png");
    const request = (body: FormData) =>
      new Request(`${TEST_ORIGIN}/api/chatbot`, {
        method: "POST",
        body,
        headers: { origin: TEST_ORIGIN, "x-client-ip": nextIp() },
      });
    const sent = await handleChatbotApplication(request(form));
    expect(sent.status).toBe(200);
    const [row] = await applicationOf(email);
    expect(await photosOf(await getDatabase(), row!.id)).toHaveLength(1);

    form.set("email", emailOf("chat-bomb"));
    form.set(PHOTOS_FIELD, new Blob(["not a photo"]), "me.jpg");
    const refused = await handleChatbotApplication(request(form));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: { photos: "chatbot.photos.errors.notAnImage" },
    });
  });

  it("serves a photo to staff only, never cached, and nothing to anyone else", async () => {
    const db = await getDatabase();
    const [first] = await photosOf(db, stored.id);
    const url = photoUrl(stored.id, first!, "large");
    const visitor = await fetchPhoto(url);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirect=/);
    for (const who of ["bia", "lia", "eva"]) {
      const refused = await fetchPhoto(url, who);
      expect(refused, who).toMatchObject({ status: 302, location: "/permission-denied" });
      expect(refused.response?.headers.get("content-type") ?? "", who).not.toMatch(/image/);
    }
    for (const who of ["rita", "dora"]) {
      const answer = await fetchPhoto(url, who);
      expect(answer.status, who).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await answer.response!.arrayBuffer());
      expect(bytes.subarray(0, 3).equals(JPEG)).toBe(true);
    }
    // Another application's address for the same photo, or a size that is none: nothing.
    expect(
      (await fetchPhoto(url.replace(`/${stored.id}/`, `/${stored.id + 999}/`), "dora")).status,
    ).toBe(404);
    expect((await fetchPhoto(url.replace("/large", "/original"), "dora")).status).toBe(404);
    expect((await fetchPhoto(url.replace(`/${first!.id}/`, "/0x1/"), "dora")).status).toBe(404);
  });

  it("writes each staff member's first look once, and tells her in her dashboard", async () => {
    const db = await getDatabase();
    const refs = await photosOf(db, stored.id);
    // Every picture, twice, all at once: one row for each of them.
    const urls = refs.flatMap((ref) => [
      photoUrl(stored.id, ref, "thumb"),
      photoUrl(stored.id, ref, "large"),
    ]);
    await Promise.all([...urls, ...urls].map((url) => fetchPhoto(url, "rita")));
    await fetchPhoto(urls[0]!, "dora");
    const rows = await db
      .select({ actorId: accessLog.actorId, ip: accessLog.ip })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "submission.photos-viewed"),
          eq(accessLog.subject, `submission:${stored.id}`),
        ),
      );
    expect(rows.map((row) => row.actorId).sort()).toEqual([ids.rita, ids.dora].sort());
    expect(rows[0]!.ip).toBe("198.51.100.7");
    // A visit in another process (whose memory holds nothing) writes nothing more either.
    const { recordPhotosViewed } = await import("#app/db/access-log.server.ts");
    await recordPhotosViewed(db, stored.id, { id: ids.rita! });
    expect(
      await db.$count(
        accessLog,
        and(eq(accessLog.action, "submission.photos-viewed"), eq(accessLog.actorId, ids.rita!)),
      ),
    ).toBe(1);

    const views = await dataViewsOf(db, [stored.id]);
    expect(views).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "submission.photos-viewed", role: "approver" }),
        expect.objectContaining({ action: "submission.photos-viewed", role: "admin" }),
      ]),
    );
  });

  it("comes with her data export, each photo a JPEG data URL", async () => {
    const db = await getDatabase();
    const data = await collectPersonalData(db, emailOf("bia"), { includeDocument: false });
    const [application] = data.applications;
    expect(application!.photos).toHaveLength(2);
    const [first] = application!.photos;
    expect(first).toMatchObject({ position: 1, width: 400, height: 300 });
    expect(first!.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    const bytes = Buffer.from(first!.dataUrl.split(",")[1]!, "base64");
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
  });

  it("goes with erasure, and with retention", async () => {
    const db = await getDatabase();
    const answer = await send(answers("erase-me"), [await photo(13)]);
    expect(answer.status).toBe(200);
    const [erase] = await applicationOf(emailOf("erase-me"));
    expect(await photosOf(db, erase!.id)).toHaveLength(1);
    await db.transaction((tx) => eraseApplications(tx, [erase!.id]));
    expect(await db.$count(submissionPhotos, eq(submissionPhotos.submissionId, erase!.id))).toBe(0);

    await send(answers("retained"), [await photo(17)]);
    const [old] = await applicationOf(emailOf("retained"));
    await db.update(submissions).set({ status: "Reprovado" }).where(eq(submissions.id, old!.id));
    await db
      .update(submissionStatusHistory)
      .set({ createdAt: new Date("2000-01-01T00:00:00Z") })
      .where(eq(submissionStatusHistory.submissionId, old!.id));
    await db
      .update(submissions)
      .set({ updatedAt: new Date("2000-01-01T00:00:00Z") })
      .where(eq(submissions.id, old!.id));
    const run = await runRetention(db, { now: new Date("2003-01-01T00:00:00Z"), force: true });
    expect(run).toMatchObject({ ran: true });
    expect(await db.$count(submissionPhotos, eq(submissionPhotos.submissionId, old!.id))).toBe(0);
    // Hers that were not due stay.
    expect(await photosOf(db, stored.id)).toHaveLength(2);
  });
});

describe("the embedded database's files", () => {
  it("hold no byte of a photo in clear, neither its table nor its log", async () => {
    const handle = await openTestDatabase("pglite");
    try {
      const originals = [await photo(19), await photo(23, 320, 240)];
      const prepared = await preparePhotos(originals);
      const id = await insertApplicationRow(handle.db, { email: "files@example.com" });
      await handle.db.transaction((tx) => storePhotos(tx, id, prepared));
      await handle.pglite!.exec("checkpoint");
      const files = Buffer.from(await (await handle.pglite!.dumpDataDir("none")).arrayBuffer());
      // Large enough to hold them: the data folder, uncompressed.
      expect(files.length).toBeGreaterThan(1024 * 1024);
      const clear = [...originals, ...prepared.flatMap((kept) => [kept.large, kept.thumb])];
      for (const picture of clear) expect(holdsPartOf(files, picture)).toBe(false);
      // They are there, only encrypted: read back through the key, they are the same pictures.
      const [ref] = await photosOf(handle.db, id);
      expect((await readPhoto(handle.db, id, ref!.id, "large"))!.equals(prepared[0]!.large)).toBe(
        true,
      );
    } finally {
      await handle.close();
    }
  });
});
