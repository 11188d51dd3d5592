import { randomBytes } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, homeItems, images, settings, teamMembers } from "#app/db/schema.server.ts";
import { homeContent } from "#app/features/content/home-items.server.ts";
import { readVariant } from "#app/features/images/images.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { callRoute } from "#app/test/routes.ts";
import { action } from "./content.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * Photos on the content screen (issue 26): a testimonial's and a team member's need the
 * consent box, a refused photo leaves nothing stored and the typed text comes back, the
 * pictures are re-encoded without their metadata, and removing one deletes its bytes.
 */
const PASSWORD = "fotos-com-consentimento-2026!";

/** A JPEG carrying a camera's EXIF (a copyright, a maker): what an upload must lose. */
const photo = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#b5654a" } })
    .withExif({ IFD0: { Copyright: "Secret Studio", Make: "SpyCam" } })
    .jpeg()
    .toBuffer();

describe.each(routeTestTargets)("photos on the content screen on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  let cookie = "";
  let editorName = "";

  const post = (url: string, fields: Record<string, string | Buffer>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") form.set(name, value);
      else form.set(name, new Blob([new Uint8Array(value)], { type: "image/jpeg" }), "p.jpg");
    }
    const request = new Request(`${TEST_ORIGIN}/admin/content${url}`, {
      method: "POST",
      body: form,
      headers: { origin: TEST_ORIGIN, cookie, "x-client-ip": "198.51.100.62" },
    });
    return callRoute(action, request);
  };
  const imageCount = async () =>
    Number((await (await getDatabase()).select({ n: sql<number>`count(*)` }).from(images))[0]!.n);
  const testimonialsNamed = async (name: string) =>
    (await getDatabase()).select().from(homeItems).where(eq(homeItems.title, name));

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    editorName = `Photo Editor ${marker}`;
    const account = await signedInAccount({
      email: `photos.${marker}@example.com`,
      name: editorName,
      role: "editor",
      password: PASSWORD,
      origin: TEST_ORIGIN,
    });
    cookie = account.cookie;
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(homeItems).where(like(homeItems.title, `%${marker}%`));
    await db.delete(teamMembers).where(like(teamMembers.name, `%${marker}%`));
    await closeAppDatabase();
  });

  it("a testimonial photo with consent is stored square, without metadata, with who consented and when", async () => {
    const name = `Bia ${marker}`;
    const before = Date.now();
    const answer = await post("?kind=testimonial&language=en", {
      intent: "add",
      body: "They answered every question.",
      title: name,
      subtitle: "Creator",
      photo: await photo(),
      consent: "on",
    });
    expect(answer.status).toBe(200);
    const [row] = await testimonialsNamed(name);
    expect(row!.photoImageId).not.toBeNull();
    expect(row!.photoConsentByName).toBe(editorName);
    expect(row!.photoConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const shown = (await homeContent(await getDatabase(), "en")).testimonials.find(
      (t) => t.name === name,
    );
    // Cropped square from 900 × 600 to its shorter side.
    expect(shown!.photo).toMatchObject({ id: row!.photoImageId, width: 600, height: 600 });
    const { id, hash } = shown!.photo!;
    const bytes = await readVariant(await getDatabase(), { id, hash, width: 320, format: "webp" });
    const metadata = await sharp(bytes!).metadata();
    expect(metadata).toMatchObject({ width: 320, height: 320 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes!.includes("Secret Studio")).toBe(false);
    const [logged] = await (
      await getDatabase()
    )
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.subject, `home-item:${row!.id}`));
    expect(logged!.details).toMatchObject({ change: "add", photo: "stored with consent" });
  });

  it("without the consent box: 400 in her language, nothing stored, the typed text sent back", async () => {
    const name = `Carla ${marker}`;
    const imagesBefore = await imageCount();
    const answer = await post("?kind=testimonial&language=pt", {
      intent: "add",
      body: "Palavras que ela escreveu.",
      title: name,
      subtitle: "Criadora",
      photo: await photo(),
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      errors: { photo: "admin.content.errors.consent" },
      values: { body: "Palavras que ela escreveu.", title: name, subtitle: "Criadora" },
    });
    for (const { code } of languages) {
      const text = getFixedT(code)("admin.content.errors.consent");
      expect(text, code).not.toBe("admin.content.errors.consent");
    }
    expect(await testimonialsNamed(name)).toEqual([]);
    expect(await imageCount()).toBe(imagesBefore);
  });

  it("an edit that sends a photo without consent changes nothing, not even its text", async () => {
    const name = `Dora ${marker}`;
    await post("?kind=testimonial&language=pt", { intent: "add", body: "Antes.", title: name });
    const [row] = await testimonialsNamed(name);
    const answer = await post("?kind=testimonial&language=pt", {
      intent: "edit",
      id: String(row!.id),
      body: "Depois.",
      title: name,
      photo: await photo(),
    });
    expect(answer.status).toBe(400);
    const [after] = await testimonialsNamed(name);
    expect(after!.body).toBe("Antes.");
    expect(after!.photoImageId).toBeNull();
  });

  it("a file that is not an image (422) or is over 10 MB (413) is refused with nothing stored", async () => {
    const imagesBefore = await imageCount();
    const name = `Eva ${marker}`;
    const text = { intent: "add", body: "Texto.", title: name, consent: "on" };
    const fake = await post("?kind=testimonial&language=pt", {
      ...text,
      photo: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    expect(fake.status).toBe(422);
    expect(fake.data).toMatchObject({ errors: { photo: "admin.images.errors.notAnImage" } });
    const big = Buffer.concat([await photo(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await post("?kind=testimonial&language=pt", { ...text, photo: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toMatchObject({
      errors: { photo: "admin.images.errors.tooLarge" },
      values: { title: name },
    });
    expect(await testimonialsNamed(name)).toEqual([]);
    expect(await imageCount()).toBe(imagesBefore);
  });

  it("removing a photo clears it and its consent, and deletes its bytes", async () => {
    const name = `Fia ${marker}`;
    await post("?kind=testimonial&language=sv", {
      intent: "add",
      body: "Ord.",
      title: name,
      photo: await photo(),
      consent: "on",
    });
    const [row] = await testimonialsNamed(name);
    const imageId = row!.photoImageId!;
    const answer = await post("?kind=testimonial&language=sv", {
      intent: "removePhoto",
      id: String(row!.id),
    });
    expect(answer.status).toBe(200);
    const [after] = await testimonialsNamed(name);
    expect(after).toMatchObject({
      photoImageId: null,
      photoConsentBy: null,
      photoConsentByName: null,
      photoConsentAt: null,
    });
    const db = await getDatabase();
    expect(await db.select().from(images).where(eq(images.id, imageId))).toEqual([]);
    const shown = (await homeContent(db, "sv")).testimonials.find((t) => t.name === name);
    expect(shown!.photo).toBeNull();
  });

  it("a team member needs her role in every language and consent for her photo; then the home page lists her", async () => {
    const name = `Gabi ${marker}`;
    const roles = Object.fromEntries(languages.map(({ code }) => [`role-${code}`, `Role ${code}`]));
    const missing = await post("?kind=team", { intent: "add", name, ...roles, "role-de": "" });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ errors: { "role-de": "admin.content.errors.required" } });
    const noConsent = await post("?kind=team", {
      intent: "add",
      name,
      ...roles,
      photo: await photo(),
    });
    expect(noConsent.status).toBe(400);
    const db = await getDatabase();
    expect(await db.select().from(teamMembers).where(eq(teamMembers.name, name))).toEqual([]);
    const added = await post("?kind=team", {
      intent: "add",
      name,
      ...roles,
      photo: await photo(400, 700),
      consent: "on",
    });
    expect(added.status).toBe(200);
    const member = (await homeContent(db, "it")).team.find((m) => m.name === name);
    expect(member).toMatchObject({ role: "Role it", photo: { width: 400, height: 400 } });
  });

  it("no longer takes the hero image: its form is on the Site screen", async () => {
    const imagesBefore = await imageCount();
    const alts = Object.fromEntries(languages.map(({ code }) => [`alt-${code}`, `Alt ${code}`]));
    const sent = await post("", { intent: "heroImage", photo: await photo(1600, 1200), ...alts });
    expect(sent.status).toBe(400);
    expect(sent.data).toEqual({ ok: false, errors: { form: "admin.content.errors.invalid" } });
    expect(await imageCount()).toBe(imagesBefore);
    const db = await getDatabase();
    expect(await db.select().from(settings).where(eq(settings.key, "site.heroImage"))).toEqual([]);
  });
});
