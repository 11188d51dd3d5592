import { randomBytes } from "node:crypto";
import { asc, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, homeItemRevisions, homeItems, user } from "#app/db/schema.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { callRoute } from "#app/test/routes.ts";
import { action, loader } from "./content.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The content screen's history, restore and "Mark as current" through its route, as a browser
 * (or an attacker) sends them: a restore is answered with when it was made; a forged revision
 * id, a revision of another item, a form from another site or from a role that may not edit
 * changes nothing.
 */
const PASSWORD = "historico-restaurado-2026!";

describe.each(databaseTargets)("the content screen's history on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies = { editor: "", approver: "" };
  const ids: string[] = [];

  const request = (
    url: string,
    fields?: Record<string, string>,
    { who = "editor", origin = TEST_ORIGIN }: { who?: keyof typeof cookies; origin?: string } = {},
  ) =>
    new Request(`${TEST_ORIGIN}/admin/content${url}`, {
      method: fields ? "POST" : "GET",
      body: fields ? new URLSearchParams(fields) : undefined,
      headers: { origin, cookie: cookies[who], "x-client-ip": "198.51.100.71" },
    });
  const post = (url: string, fields: Record<string, string>, options = {}) =>
    callRoute(action, request(url, fields, options));

  const rowNamed = async (title: string) =>
    (await (await getDatabase()).select().from(homeItems).where(eq(homeItems.title, title)))[0]!;
  const revisionsOf = async (id: number) =>
    (await getDatabase())
      .select()
      .from(homeItemRevisions)
      .where(eq(homeItemRevisions.itemId, id))
      .orderBy(asc(homeItemRevisions.id));

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of ["editor", "approver"] as const) {
      const account = await signedInAccount({
        email: `history.${role}.${marker}@example.com`,
        name: `History ${role} ${marker}`,
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
    await db.delete(homeItems).where(like(homeItems.title, `%${marker}%`));
    await db.delete(accessLog).where(inArray(accessLog.actorId, ids));
    await db.delete(user).where(inArray(user.id, ids));
    await closeAppDatabase();
  });

  it("saves, lists the history, and restores a revision of the item: the list says when", async () => {
    const list = "?kind=faq&language=pt";
    const first = `Primeira ${marker}?`;
    expect((await post(list, { intent: "add", title: first, body: "Um." })).status).toBe(200);
    const item = await rowNamed(first);
    const saved = await post(list, {
      intent: "edit",
      id: String(item.id),
      title: `Segunda ${marker}?`,
      body: "Dois.",
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ ok: true, done: "saved", at: expect.any(String) });

    const page = await callRoute(loader, request(`${list}&history=${item.id}`));
    expect(page.status).toBe(200);
    const history = page.data!.history!;
    expect(history.revisions.map((revision) => revision.fields.title)).toEqual([
      `Segunda ${marker}?`,
      first,
    ]);
    const oldest = history.revisions.at(-1)!;
    const compared = await callRoute(
      loader,
      request(`${list}&history=${item.id}&compare=${oldest.id}`),
    );
    expect(compared.data!.history!.compared).toMatchObject({ id: oldest.id });

    const restored = await post(`${list}&history=${item.id}`, {
      intent: "restore",
      id: String(item.id),
      revision: String(oldest.id),
    });
    expect(restored.status).toBe(200);
    expect(restored.data).toMatchObject({ ok: true, done: "restored" });
    expect(await rowNamed(first)).toMatchObject({ id: item.id, body: "Um." });
  });

  it("a history asked through another list's address is not found", async () => {
    const title = `Minha ${marker}?`;
    await post("?kind=faq&language=pt", { intent: "add", title, body: "Sim." });
    const item = await rowNamed(title);
    for (const url of [
      `?kind=faq&language=en&history=${item.id}`,
      `?kind=testimonial&language=pt&history=${item.id}`,
    ]) {
      expect((await callRoute(loader, request(url))).status, url).toBe(404);
    }
  });

  it("refuses a forged restore (another item's revision, a made-up id, another list) with a 4xx, and changes nothing", async () => {
    const list = "?kind=testimonial&language=pt";
    for (const name of [`Alvo ${marker}`, `Outra ${marker}`]) {
      await post(list, { intent: "add", title: name, body: `Palavras de ${name}.` });
    }
    const target = await rowNamed(`Alvo ${marker}`);
    const other = await rowNamed(`Outra ${marker}`);
    const [othersRevision] = await revisionsOf(other.id);
    const before = { row: target, revisions: await revisionsOf(target.id) };
    const log = async () =>
      (await getDatabase()).select().from(accessLog).where(inArray(accessLog.actorId, ids));
    const logBefore = (await log()).length;
    const forged = [
      [list, { id: String(target.id), revision: String(othersRevision!.id) }, 404],
      [list, { id: String(target.id), revision: "999999999999999" }, 404],
      [
        "?kind=faq&language=pt",
        { id: String(other.id), revision: String(othersRevision!.id) },
        404,
      ],
      [list, { id: String(target.id), revision: "-1" }, 400],
      [list, { id: String(target.id), revision: `${othersRevision!.id} or 1=1` }, 400],
    ] as const;
    for (const [url, fields, status] of forged) {
      const answer = await post(url, { intent: "restore", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data).toMatchObject({ ok: false });
    }
    expect(await rowNamed(`Alvo ${marker}`)).toEqual(before.row);
    expect(await revisionsOf(target.id)).toEqual(before.revisions);
    expect((await rowNamed(`Outra ${marker}`)).body).toBe(`Palavras de Outra ${marker}.`);
    expect((await log()).length).toBe(logBefore);
  });

  it("refuses a restore or a 'Mark as current' posted from another site, or by an approver", async () => {
    const source = `Fonte ${marker}?`;
    await post("?kind=faq&language=pt", { intent: "add", title: source, body: "Original." });
    const sourceRow = await rowNamed(source);
    const translation = `Source ${marker}?`;
    await post("?kind=faq&language=en", {
      intent: "add",
      title: translation,
      body: "Original.",
      source: String(sourceRow.id),
    });
    await post("?kind=faq&language=pt", {
      intent: "edit",
      id: String(sourceRow.id),
      title: source,
      body: "Mudou.",
    });
    const translated = await rowNamed(translation);
    const [firstRevision] = await revisionsOf(sourceRow.id);
    const attempts = [
      ["?kind=faq&language=en", { intent: "markCurrent", id: String(translated.id) }],
      [
        "?kind=faq&language=pt",
        { intent: "restore", id: String(sourceRow.id), revision: String(firstRevision!.id) },
      ],
    ] as const;
    for (const [url, fields] of attempts) {
      const crossSite = await post(url, fields, { origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      const approver = await post(url, fields, { who: "approver" });
      expect(approver).toMatchObject({ status: 302, location: "/permission-denied" });
    }
    expect(await rowNamed(translation)).toEqual(translated);
    expect((await rowNamed(source)).body).toBe("Mudou.");
    // The same "Mark as current" from the editor, on this site, goes through.
    const page = await callRoute(loader, request("?kind=faq&language=en"));
    const listed = page.data!.items.find((one) => one.id === translated.id)!;
    expect(listed.source).toMatchObject({ id: sourceRow.id, outOfDate: true });
    expect(page.data!.sources.map((one) => one.id)).toContain(sourceRow.id);
    const marked = await post("?kind=faq&language=en", {
      intent: "markCurrent",
      id: String(translated.id),
    });
    expect(marked.data).toMatchObject({ ok: true, done: "markedCurrent" });
  });

  it("answers a move with where the item now is", async () => {
    const list = "?kind=testimonial&language=sv";
    for (const name of [`Ett ${marker}`, `Två ${marker}`]) {
      await post(list, { intent: "add", title: name, body: "Ord." });
    }
    const second = await rowNamed(`Två ${marker}`);
    const moved = await post(list, { intent: "up", id: String(second.id) });
    const total = (await callRoute(loader, request(list))).data!.items.length;
    expect(moved.data).toEqual({
      ok: true,
      done: "moved",
      at: expect.any(String),
      id: second.id,
      intent: "up",
      position: total - 1,
      total,
    });
  });
});
