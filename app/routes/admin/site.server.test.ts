import { randomBytes } from "node:crypto";
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, settings, user } from "#app/db/schema.server.ts";
import { siteFooter } from "#app/features/site/site-settings.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { outcomeOf } from "#app/test/routes.ts";
import * as siteRoute from "./site.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * /admin/site's form as the browser and an attacker send it: from another site with an
 * editor's session, as a role that may not edit, with an unknown part; then as the editor, a
 * refused save that answers 400 with what she typed, and a saved one. Only the last changes
 * anything.
 */
const PASSWORD = "ataques-ao-site-2026!";

describe.each(databaseTargets)("the Site screen's action on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies: Record<"editor" | "approver", string> = { editor: "", approver: "" };
  const ids: string[] = [];

  const post = (
    fields: Record<string, string>,
    { who = "editor", origin = TEST_ORIGIN }: { who?: "editor" | "approver"; origin?: string } = {},
  ) =>
    outcomeOf(() =>
      siteRoute.action({
        request: new Request(`${TEST_ORIGIN}/admin/site?language=en`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { origin, cookie: cookies[who], "x-client-ip": "198.51.100.62" },
        }),
        params: {},
        context: {},
      } as never),
    );

  const siteRows = async () =>
    (await getDatabase()).select().from(settings).where(like(settings.key, "site.%"));

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of ["editor", "approver"] as const) {
      const account = await signedInAccount({
        email: `${role}.${marker}@example.com`,
        name: `${role} ${marker}`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      cookies[role] = account.cookie;
      ids.push(account.id);
    }
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(settings).where(like(settings.key, "site.%"));
    await db.delete(accessLog).where(inArray(accessLog.actorId, ids));
    await db.delete(user).where(inArray(user.id, ids));
    await closeAppDatabase();
  });

  const valid = { intent: "social", whatsapp: "+55 48 99123-4567" };

  it("refuses a cross-site post, another role and an unknown part, and stores nothing", async () => {
    const crossSite = await post(valid, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const approver = await post(valid, { who: "approver" });
    expect(approver.location).toBe("/permission-denied");
    const unknown = await post({ intent: "everything", whatsapp: "+5548991234567" });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ ok: false, errors: { form: "admin.site.invalid" } });
    expect(await siteRows()).toEqual([]);
  });

  it("answers a refused save with 400, the field's message and what she typed", async () => {
    const typed = { intent: "social", instagram: "javascript:alert(1)", whatsapp: "+55 48 9" };
    const refused = await post(typed);
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      ok: false,
      part: "social",
      errors: { instagram: "admin.site.errors.profileUrl", whatsapp: "admin.site.errors.whatsapp" },
      values: { instagram: typed.instagram, whatsapp: typed.whatsapp },
    });
    expect(await siteRows()).toEqual([]);
  });

  it("saves a part for the editor, and the steps of the language the screen shows", async () => {
    const saved = await post(valid);
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ ok: true, part: "social" });
    expect((await siteFooter(await getDatabase())).whatsapp).toBe("+5548991234567");
    const steps = await post({
      intent: "texts",
      work: "What the work is.",
      "step1-title": "One",
      "step1-text": "First.",
      "step2-title": "Two",
      "step2-text": "Second.",
      "step3-title": "Three",
      "step3-text": "Third.",
    });
    expect(steps.data).toEqual({ ok: true, part: "texts" });
    expect((await siteRows()).map((row) => row.key).sort()).toEqual([
      "site.profile",
      "site.texts.en",
    ]);
  });
});
