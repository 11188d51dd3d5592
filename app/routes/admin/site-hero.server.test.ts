import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, images, settings, user } from "#app/db/schema.server.ts";
import { homeContent } from "#app/features/content/home-items.server.ts";
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
import { action } from "./site.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The hero image on the Site screen (issue 26, decision 037): its multipart form is posted to
 * /admin/site beside the screen's other parts. Only a role of the screen may send it, from the
 * site itself; its alt text is needed in every language; set, the home page shows it; removed,
 * the drawn art is back and the image's bytes are gone.
 */
const PASSWORD = "imagem-do-site-2026!";
const KEY = "site.heroImage";

/** A JPEG as a camera sends it, EXIF included. */
const photo = (width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: "#b5654a" } })
    .withExif({ IFD0: { Copyright: "Secret Studio", Make: "SpyCam" } })
    .jpeg()
    .toBuffer();

const alts = Object.fromEntries(languages.map(({ code }) => [`alt-${code}`, `Alt ${code}`]));

describe.each(routeTestTargets)("the hero image on the Site screen on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies: Record<"editor" | "approver", string> = { editor: "", approver: "" };
  const ids: Record<"editor" | "approver", string> = { editor: "", approver: "" };

  const post = (
    fields: Record<string, string | Buffer>,
    { who = "editor", origin = TEST_ORIGIN }: { who?: "editor" | "approver"; origin?: string } = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") form.set(name, value);
      else form.set(name, new Blob([new Uint8Array(value)], { type: "image/jpeg" }), "h.jpg");
    }
    const request = new Request(`${TEST_ORIGIN}/admin/site?language=en`, {
      method: "POST",
      body: form,
      headers: { origin, cookie: cookies[who], "x-client-ip": "198.51.100.63" },
    });
    return callRoute(action, request);
  };
  const imageCount = async () =>
    Number((await (await getDatabase()).select({ n: sql<number>`count(*)` }).from(images))[0]!.n);
  const heroRow = async () =>
    (await (await getDatabase()).select().from(settings).where(eq(settings.key, KEY)))[0];

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of ["editor", "approver"] as const) {
      const account = await signedInAccount({
        email: `hero.${role}.${marker}@example.com`,
        name: `Hero ${role} ${marker}`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      cookies[role] = account.cookie;
      ids[role] = account.id;
    }
  }, paced(60_000));

  afterAll(async () => {
    // Through the screen, so the image's bytes go with the setting.
    if (await heroRow()) await post({ intent: "removeHeroImage" });
    const db = await getDatabase();
    await db.delete(accessLog).where(inArray(accessLog.actorId, Object.values(ids)));
    await db.delete(user).where(inArray(user.id, Object.values(ids)));
    await closeAppDatabase();
  });

  it("refuses an upload by an approver (not a role of the screen), from another site or unreadable, and stores nothing", async () => {
    const imagesBefore = await imageCount();
    const approver = await post(
      { intent: "heroImage", photo: await photo(), ...alts },
      { who: "approver" },
    );
    expect(approver.location).toBe("/permission-denied");
    const crossSite = await post(
      { intent: "heroImage", photo: await photo(), ...alts },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.data).toEqual({ ok: false, errors: { form: "validation.crossSite" } });
    const unknown = await post({ intent: "heroImages", photo: await photo(), ...alts });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ ok: false, errors: { form: "admin.site.invalid" } });
    expect(await heroRow()).toBeUndefined();
    expect(await imageCount()).toBe(imagesBefore);
  });

  it("stores an editor's upload, re-encoded, and logs who sent it", async () => {
    const imagesBefore = await imageCount();
    const stored = await post({ intent: "heroImage", photo: await photo(1200, 900), ...alts });
    expect(stored.status).toBe(200);
    expect(stored.data).toEqual({ form: "hero", ok: true });
    const row = await heroRow();
    expect(row).toMatchObject({ updatedBy: ids.editor, value: { alt: { sv: "Alt sv" } } });
    expect(await imageCount()).toBe(imagesBefore + 1);
    const [image] = await (
      await getDatabase()
    )
      .select()
      .from(images)
      .where(eq(images.id, (row!.value as { imageId: number }).imageId));
    expect(image).toMatchObject({ width: 1200, height: 900, createdBy: ids.editor });
    const logged = await (
      await getDatabase()
    )
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, ids.editor), eq(accessLog.subject, `settings:${KEY}`)));
    expect(logged).toHaveLength(1);
    expect((await homeContent(await getDatabase(), "en")).hero).toMatchObject({ alt: "Alt en" });
    expect((await post({ intent: "removeHeroImage" })).status).toBe(200);
    expect(await heroRow()).toBeUndefined();
  });

  it("the hero image needs its alt text in every language; set, the home page shows it; removed, the art is back", async () => {
    const imagesBefore = await imageCount();
    const withoutAlt = await post({
      intent: "heroImage",
      photo: await photo(1600, 1200),
      ...alts,
      "alt-sv": "",
    });
    expect(withoutAlt.status).toBe(400);
    expect(withoutAlt.data).toMatchObject({
      form: "hero",
      errors: { "alt-sv": "admin.site.errors.required" },
      values: { "alt-pt": "Alt pt" },
    });
    expect(await imageCount()).toBe(imagesBefore);
    const set = await post({ intent: "heroImage", photo: await photo(1600, 1200), ...alts });
    expect(set.status).toBe(200);
    const db = await getDatabase();
    const hero = (await homeContent(db, "de")).hero;
    // Its own proportions, at most 1440 wide.
    expect(hero).toMatchObject({ alt: "Alt de", image: { width: 1440, height: 1080 } });
    const removed = await post({ intent: "removeHeroImage" });
    expect(removed.status).toBe(200);
    expect((await homeContent(db, "de")).hero).toBeNull();
    expect(
      await db
        .select()
        .from(images)
        .where(inArray(images.id, [hero!.image.id])),
    ).toEqual([]);
  });
});
