import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import type { HomeItemKind } from "#app/db/home-item-kinds.ts";
import { accessLog, homeItems, settings, user } from "#app/db/schema.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import {
  addHomeItem,
  changeHomeItem,
  HOME_ITEM_LIMITS,
  homeContent,
  listHomeItems,
} from "./home-items.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Admin › Content's FAQ and testimonials through the functions its action calls: what is
 * refused, what each change does to the editor's list and the home page, and that each one is
 * logged once and seen at once. Other test files share the PostgreSQL lists (the initial items
 * among them), so only this file's items (named with its marker) are looked at.
 */
describe.each(databaseTargets)("the home page's FAQ and testimonials on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  const actor = { id: `content-editor-${marker}`, ip: "203.0.113.31" };
  const db = () => database.db;

  const item = (title: string, body = "Uma resposta.\nEm duas linhas.", subtitle = "") => ({
    title: `${title} ${marker}`,
    subtitle,
    body,
  });

  /** Adds one of this file's items (checked as any change is) and gives its row back. */
  async function add(kind: HomeItemKind, language: Language, title: string, subtitle = "") {
    const logRow = await oneChange(
      () => addHomeItem(db(), actor, kind, language, item(title, "Texto.", subtitle)),
      { kind, language, change: "add" },
    );
    const row = (await mine(kind, language)).find((one) => one.title === `${title} ${marker}`)!;
    expect(logRow.subject).toBe(`home-item:${row.id}`);
    return row;
  }

  /** This file's items of a list, in the editor's order, hidden ones included. */
  const mine = async (kind: HomeItemKind, language: Language) =>
    (await listHomeItems(db(), kind, language)).filter((row) => row.title.includes(marker));

  const logged = () =>
    db()
      .select({
        action: accessLog.action,
        subject: accessLog.subject,
        details: accessLog.details,
        ip: accessLog.ip,
      })
      .from(accessLog)
      .where(eq(accessLog.actorId, actor.id))
      .orderBy(asc(accessLog.id));

  async function version() {
    const [row] = await db().select().from(settings).where(eq(settings.key, "content.version"));
    return Number(row?.value.n ?? 0);
  }

  /**
   * Runs a change and checks that it left exactly one access-log row (given back; its subject
   * names the item when `id` is given) and a new content version.
   */
  async function oneChange(
    run: () => Promise<unknown>,
    expected: { id?: number; kind: HomeItemKind; language: Language; change: string },
  ) {
    const before = { log: (await logged()).length, version: await version() };
    expect(await run()).toEqual({ ok: true });
    const log = await logged();
    expect(log).toHaveLength(before.log + 1);
    const row = log.at(-1)!;
    expect(row).toEqual({
      action: "content.home",
      subject:
        expected.id === undefined
          ? expect.stringMatching(/^home-item:\d+$/)
          : `home-item:${expected.id}`,
      details: { kind: expected.kind, language: expected.language, change: expected.change },
      ip: actor.ip,
    });
    // Other test files may bump it too on a shared PostgreSQL: only "newer" is certain.
    expect(await version()).toBeGreaterThan(before.version);
    return row;
  }

  /** Runs something that must change nothing: no row, no log. */
  async function noChange(run: () => Promise<unknown>, kind: HomeItemKind, language: Language) {
    const before = { log: await logged(), items: await mine(kind, language) };
    const answer = await run();
    expect(await logged()).toEqual(before.log);
    expect(await mine(kind, language)).toEqual(before.items);
    return answer;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await insertAccount(database.db, {
      id: actor.id,
      name: "Clara Conteúdo",
      email: `clara.${marker}@example.com`,
      role: "editor",
    });
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(homeItems).where(like(homeItems.title, `%${marker}%`));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await database.db.delete(user).where(eq(user.id, actor.id));
    await database.close();
  });

  it("an added question is last in its list and on the home page at once", async () => {
    const shownBefore = await homeContent(db(), "de"); // read, and kept, before the change
    expect(shownBefore.faq.some((faq) => faq.question.includes(marker))).toBe(false);
    const logRow = await oneChange(
      () => addHomeItem(db(), actor, "faq", "de", item("Wie lange?")),
      { kind: "faq", language: "de", change: "add" },
    );
    const id = (await mine("faq", "de"))[0]!.id;
    expect(logRow.subject).toBe(`home-item:${id}`);
    const list = await listHomeItems(db(), "faq", "de");
    expect(list.at(-1)).toMatchObject({
      id,
      title: `Wie lange? ${marker}`,
      subtitle: "",
      body: "Uma resposta.\nEm duas linhas.",
      hidden: false,
    });
    const shown = await homeContent(db(), "de");
    expect(shown.faq.at(-1)).toEqual({
      id,
      question: `Wie lange? ${marker}`,
      answer: "Uma resposta.\nEm duas linhas.",
    });
    // The other list of the language is untouched.
    expect(shown.testimonials).toEqual(shownBefore.testimonials);
  });

  it("a testimonial keeps the creator's name, role and words; an edit shows at once", async () => {
    await homeContent(db(), "sv");
    const added = await add("testimonial", "sv", "Anna", "Skapare, 24");
    expect((await homeContent(db(), "sv")).testimonials.at(-1)).toEqual({
      id: added.id,
      name: `Anna ${marker}`,
      role: "Skapare, 24",
      quote: "Texto.",
      photo: null,
    });
    await oneChange(
      () =>
        changeHomeItem(
          db(),
          actor,
          { id: added.id, kind: "testimonial", language: "sv" },
          "edit",
          item("Anna B.", "Nya ord.", "Skapare"),
        ),
      { id: added.id, kind: "testimonial", language: "sv", change: "edit" },
    );
    expect((await homeContent(db(), "sv")).testimonials.at(-1)).toEqual({
      id: added.id,
      name: `Anna B. ${marker}`,
      role: "Skapare",
      quote: "Nya ord.",
      photo: null,
    });
    const [row] = await db().select().from(homeItems).where(eq(homeItems.id, added.id));
    expect(row!.updatedBy).toBe(actor.id);
  });

  it("refuses an empty or too long field, to add or to edit, and stores none of the form", async () => {
    const refusedAdd = await noChange(
      () =>
        addHomeItem(db(), actor, "faq", "it", {
          title: " \n\t ",
          subtitle: "x".repeat(HOME_ITEM_LIMITS.subtitle + 1),
          body: `${marker} ${"y".repeat(HOME_ITEM_LIMITS.body)}`,
        }),
      "faq",
      "it",
    );
    expect(refusedAdd).toEqual({
      ok: false,
      errors: {
        title: "admin.content.errors.required",
        subtitle: "admin.content.errors.tooLong",
        body: "admin.content.errors.tooLong",
      },
    });
    expect(
      await addHomeItem(db(), actor, "faq", "it", {
        title: `${marker} ${"t".repeat(HOME_ITEM_LIMITS.title - marker.length)}`,
        body: "",
      }),
    ).toEqual({
      ok: false,
      errors: { title: "admin.content.errors.tooLong", body: "admin.content.errors.required" },
    });
    // At the limits exactly, after the spaces are collapsed: accepted.
    const atLimit = {
      title: `${marker}   ${"t".repeat(HOME_ITEM_LIMITS.title - marker.length - 1)}`,
      subtitle: "s".repeat(HOME_ITEM_LIMITS.subtitle),
      body: "b".repeat(HOME_ITEM_LIMITS.body),
    };
    expect(await addHomeItem(db(), actor, "faq", "it", atLimit)).toEqual({ ok: true });
    const [stored] = await mine("faq", "it");
    expect(stored!.title).toHaveLength(HOME_ITEM_LIMITS.title);

    // An edit with one good field and one bad: the good one is not kept either.
    const refusedEdit = await noChange(
      () =>
        changeHomeItem(db(), actor, { id: stored!.id, kind: "faq", language: "it" }, "edit", {
          title: `Outra pergunta ${marker}`,
          body: "   ",
        }),
      "faq",
      "it",
    );
    expect(refusedEdit).toEqual({ ok: false, errors: { body: "admin.content.errors.required" } });
    const [after] = await mine("faq", "it");
    expect(after!.title).toBe(stored!.title);
  });

  it("stores no control or invisible formatting character: one made only of them is empty", async () => {
    const hostile = {
      // A bell, an escape, a right-to-left override, a zero-width space, a NUL (PostgreSQL's
      // text refuses it: it must never reach the database) and a Windows line end.
      title: `Qu\u0007anto\u001b[31m \u202ecusta\u200b? ${marker}\u0000`,
      subtitle: "\u0000",
      body: "Nada.\r\nNunca.\u0085\u2066",
    };
    expect(await addHomeItem(db(), actor, "faq", "es", hostile)).toEqual({ ok: true });
    const [row] = await mine("faq", "es");
    expect(row).toMatchObject({
      title: `Quanto[31m custa? ${marker}`,
      subtitle: "",
      body: "Nada.\nNunca.",
    });
    expect(
      await noChange(
        () =>
          changeHomeItem(db(), actor, { id: row!.id, kind: "faq", language: "es" }, "edit", {
            title: "\u200b\u202e\u0007",
            body: "\u0000\u0001",
          }),
        "faq",
        "es",
      ),
    ).toEqual({
      ok: false,
      errors: { title: "admin.content.errors.required", body: "admin.content.errors.required" },
    });
  });

  it("a hidden item leaves the home page but stays in the editor's list; shown, it is back in place", async () => {
    const first = await add("faq", "en", "First?");
    const second = await add("faq", "en", "Second?");
    const questions = async () =>
      (await homeContent(db(), "en")).faq.map((faq) => faq.id).filter((id) => id >= first.id);
    expect(await questions()).toEqual([first.id, second.id]);
    const target = { id: first.id, kind: "faq" as const, language: "en" as const };
    await oneChange(() => changeHomeItem(db(), actor, target, "hide"), {
      ...target,
      change: "hide",
    });
    expect(await questions()).toEqual([second.id]);
    expect((await mine("faq", "en")).map((row) => [row.id, row.hidden])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    await oneChange(() => changeHomeItem(db(), actor, target, "show"), {
      ...target,
      change: "show",
    });
    expect(await questions()).toEqual([first.id, second.id]);
  });

  it("a deleted item is gone from both; deleting it again is refused and logged nowhere", async () => {
    const doomed = await add("testimonial", "pt", "Bia");
    await homeContent(db(), "pt");
    const target = { id: doomed.id, kind: "testimonial" as const, language: "pt" as const };
    await oneChange(() => changeHomeItem(db(), actor, target, "delete"), {
      ...target,
      change: "delete",
    });
    expect(await mine("testimonial", "pt")).toEqual([]);
    expect((await homeContent(db(), "pt")).testimonials.map((t) => t.id)).not.toContain(doomed.id);
    expect(
      await noChange(() => changeHomeItem(db(), actor, target, "delete"), "testimonial", "pt"),
    ).toEqual({ ok: false, errors: { form: "admin.content.errors.notFound" } });
  });

  it("moves an item past its neighbour, numbering the list again, and the home page follows", async () => {
    const a = await add("testimonial", "it", "A");
    const b = await add("testimonial", "it", "B");
    const c = await add("testimonial", "it", "C");
    const order = async () => (await mine("testimonial", "it")).map((row) => row.id);
    const shown = async () =>
      (await homeContent(db(), "it")).testimonials
        .map((t) => t.id)
        .filter((id) => [a.id, b.id, c.id].includes(id));
    expect(await shown()).toEqual([a.id, b.id, c.id]);

    const move = (id: number, change: "up" | "down") =>
      changeHomeItem(db(), actor, { id, kind: "testimonial", language: "it" }, change);
    await oneChange(() => move(c.id, "up"), {
      id: c.id,
      kind: "testimonial",
      language: "it",
      change: "move",
    });
    expect(await order()).toEqual([a.id, c.id, b.id]);
    expect(await shown()).toEqual([a.id, c.id, b.id]);
    await oneChange(() => move(a.id, "down"), {
      id: a.id,
      kind: "testimonial",
      language: "it",
      change: "move",
    });
    expect(await order()).toEqual([c.id, a.id, b.id]);
    expect(await shown()).toEqual([c.id, a.id, b.id]);

    // The whole list is numbered 0, 1, 2… in the order shown: no two share a place.
    const positions = await db()
      .select({ id: homeItems.id, position: homeItems.position })
      .from(homeItems)
      .where(and(eq(homeItems.kind, "testimonial"), eq(homeItems.language, "it")))
      .orderBy(asc(homeItems.position), asc(homeItems.id));
    expect(positions.map((row) => row.position)).toEqual(positions.map((_row, index) => index));

    // The last one further down: nothing moves, nothing is logged.
    const whole = await listHomeItems(db(), "testimonial", "it");
    const last = whole.at(-1)!;
    const before = await logged();
    expect(await move(last.id, "down")).toEqual({ ok: true });
    expect(await listHomeItems(db(), "testimonial", "it")).toEqual(whole);
    expect(await logged()).toEqual(before);
  });

  it("refuses any change to an item through another list's address (kind or language)", async () => {
    const own = await add("faq", "sv", "Vem?");
    const elsewhere: { kind: HomeItemKind; language: Language }[] = [
      { kind: "testimonial", language: "sv" },
      { kind: "faq", language: "pt" },
      { kind: "testimonial", language: "de" },
    ];
    for (const list of elsewhere) {
      for (const change of ["edit", "hide", "show", "delete", "up", "down"] as const) {
        const answer = await noChange(
          () => changeHomeItem(db(), actor, { id: own.id, ...list }, change, item("Roubada", "x")),
          "faq",
          "sv",
        );
        expect(answer, `${list.kind} ${list.language} ${change}`).toEqual({
          ok: false,
          errors: { form: "admin.content.errors.notFound" },
        });
      }
    }
    const [row] = await db().select().from(homeItems).where(eq(homeItems.id, own.id));
    expect(row).toMatchObject({ kind: "faq", language: "sv", title: `Vem? ${marker}` });
  });

  it("two editors moving items of one list at the same moment both get an answer, and a whole order", async () => {
    const items = [];
    for (const name of ["P", "Q", "R", "S"]) items.push(await add("faq", "pt", name));
    const [p, q, r, s] = items.map((row) => row.id) as [number, number, number, number];
    const move = (id: number, change: "up" | "down") =>
      changeHomeItem(db(), actor, { id, kind: "faq", language: "pt" }, change);
    const answers = await Promise.all([move(q, "up"), move(s, "up"), move(r, "down")]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const order = (await mine("faq", "pt")).map((row) => row.id);
    expect([...order].sort()).toEqual([p, q, r, s].sort());
    const positions = await db()
      .select({ position: homeItems.position })
      .from(homeItems)
      .where(and(eq(homeItems.kind, "faq"), eq(homeItems.language, "pt")))
      .orderBy(asc(homeItems.position), asc(homeItems.id));
    expect(positions.map((row) => row.position)).toEqual(positions.map((_row, index) => index));
  });
});
