import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { accessLog, homeItemRevisions, homeItems, settings, user } from "#app/db/schema.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import {
  addHomeItem,
  changeHomeItem,
  homeContent,
  listHomeItemRevisions,
  listHomeItems,
  positionOf,
  restoreHomeItem,
} from "./home-items.server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * A FAQ item's or testimonial's history (each save kept, one restored) and a translation's
 * source (out of date when the Portuguese changed after it was saved, until it is saved again or
 * marked current). Only this file's items, named with its marker, are looked at.
 */
describe.each(databaseTargets)(
  "FAQ and testimonials' history and translations on %s",
  (_n, kind) => {
    let database: DatabaseHandle;
    const marker = randomUUID().slice(0, 8);
    const actor = { id: `history-editor-${marker}`, ip: "203.0.113.41" };
    const db = () => database.db;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      await insertAccount(database.db, {
        id: actor.id,
        name: "Helena Histórico",
        email: `helena.${marker}@example.com`,
        role: "editor",
      });
    }, paced(60_000));
    afterAll(async () => {
      await database.db.delete(homeItems).where(like(homeItems.title, `%${marker}%`));
      await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
      await database.db.delete(user).where(eq(user.id, actor.id));
      await database.close();
    });

    async function added(
      list: { kind: "faq" | "testimonial"; language: "pt" | "en" | "es" },
      title: string,
      extra: Record<string, unknown> = {},
    ) {
      const answer = await addHomeItem(db(), actor, list.kind, list.language, {
        title: `${title} ${marker}`,
        body: `Resposta de ${title}.`,
        ...extra,
      });
      expect(answer).toEqual({ ok: true });
      const row = (await listHomeItems(db(), list.kind, list.language)).find(
        (one) => one.title === `${title} ${marker}`,
      )!;
      return { ...row, ...list };
    }

    const edit = (
      target: { id: number; kind: "faq" | "testimonial"; language: "pt" | "en" | "es" },
      fields: Record<string, unknown>,
    ) => changeHomeItem(db(), actor, target, "edit", { subtitle: "", ...fields });

    const row = async (id: number) =>
      (await db().select().from(homeItems).where(eq(homeItems.id, id)))[0]!;
    const revisionsOf = async (id: number) =>
      db()
        .select()
        .from(homeItemRevisions)
        .where(eq(homeItemRevisions.itemId, id))
        .orderBy(asc(homeItemRevisions.id));
    const flag = async (target: { id: number; kind: "faq" | "testimonial"; language: Language }) =>
      (await listHomeItems(db(), target.kind, target.language)).find((one) => one.id === target.id)!
        .source;
    const logged = () =>
      db()
        .select({ subject: accessLog.subject, details: accessLog.details })
        .from(accessLog)
        .where(and(eq(accessLog.actorId, actor.id), eq(accessLog.action, "content.home")))
        .orderBy(asc(accessLog.id));
    async function version() {
      const [one] = await db().select().from(settings).where(eq(settings.key, "content.version"));
      return Number(one?.value.n ?? 0);
    }

    it("keeps every save as a revision (who, when, the words), newest first", async () => {
      const item = await added({ kind: "faq", language: "pt" }, "Quanto tempo?");
      expect(
        await edit(item, { title: `Quanto tempo leva? ${marker}`, body: "Uma semana." }),
      ).toEqual({
        ok: true,
      });
      const history = await listHomeItemRevisions(db(), item);
      expect(history!.item.title).toBe(`Quanto tempo leva? ${marker}`);
      expect(
        history!.revisions.map((one) => [one.fields.title, one.fields.body, one.savedBy]),
      ).toEqual([
        [`Quanto tempo leva? ${marker}`, "Uma semana.", "Helena Histórico"],
        [`Quanto tempo? ${marker}`, "Resposta de Quanto tempo?.", "Helena Histórico"],
      ]);
      expect(Number.isNaN(Date.parse(history!.revisions[0]!.savedAt))).toBe(false);
      // Another list's address does not show it.
      expect(await listHomeItemRevisions(db(), { ...item, language: "en" })).toBeNull();
      expect(await listHomeItemRevisions(db(), { ...item, kind: "testimonial" })).toBeNull();
    });

    it("restores a revision: the words are the item's and the home page's again, logged, with a new version", async () => {
      const item = await added({ kind: "testimonial", language: "pt" }, "Ana");
      await edit(item, {
        title: `Ana B. ${marker}`,
        body: "Palavras novas.",
        subtitle: "Criadora",
      });
      await homeContent(db(), "pt"); // read and kept before the restore
      const [first] = await revisionsOf(item.id);
      const before = { log: (await logged()).length, version: await version() };
      expect(await restoreHomeItem(db(), actor, item, first!.id)).toEqual({ ok: true });
      expect(await row(item.id)).toMatchObject({
        title: `Ana ${marker}`,
        body: "Resposta de Ana.",
        subtitle: "",
        updatedBy: actor.id,
      });
      const shown = (await homeContent(db(), "pt")).testimonials.find((one) => one.id === item.id);
      expect(shown).toMatchObject({ name: `Ana ${marker}`, quote: "Resposta de Ana.", role: "" });
      const log = await logged();
      expect(log).toHaveLength(before.log + 1);
      expect(log.at(-1)).toEqual({
        subject: `home-item:${item.id}`,
        details: { kind: "testimonial", language: "pt", change: "restore" },
      });
      expect(await version()).toBeGreaterThan(before.version);
      // The restore is itself a save, kept in the history.
      expect((await revisionsOf(item.id)).map((one) => one.fields.title)).toEqual([
        `Ana ${marker}`,
        `Ana B. ${marker}`,
        `Ana ${marker}`,
      ]);
    });

    it("refuses to restore another item's revision through a forged id, and changes nothing", async () => {
      const mine = await added({ kind: "faq", language: "pt" }, "Minha?");
      const other = await added({ kind: "faq", language: "pt" }, "Outra?");
      const [othersRevision] = await revisionsOf(other.id);
      const before = { mine: await row(mine.id), revisions: await revisionsOf(mine.id) };
      const logBefore = await logged();
      for (const [target, revision] of [
        [mine, othersRevision!.id], // another item's revision, through mine
        [{ ...other, language: "en" as const }, othersRevision!.id], // its own, through another list
        [{ ...other, kind: "testimonial" as const }, othersRevision!.id],
        [mine, 9_007_199_254_740_991], // no such revision
      ] as const) {
        expect(await restoreHomeItem(db(), actor, target, revision)).toEqual({
          ok: false,
          errors: { form: "admin.content.errors.notFound" },
        });
      }
      expect(await row(mine.id)).toEqual(before.mine);
      expect(await revisionsOf(mine.id)).toEqual(before.revisions);
      expect((await row(other.id)).title).toBe(`Outra? ${marker}`);
      expect(await logged()).toEqual(logBefore);
    });

    it("flags a translation out of date when its source's words change, until it is saved", async () => {
      const source = await added({ kind: "faq", language: "pt" }, "Fonte?");
      const translation = await added({ kind: "faq", language: "en" }, "Source?", {
        source: String(source.id),
      });
      expect(await flag(translation)).toEqual({
        id: source.id,
        title: `Fonte? ${marker}`,
        outOfDate: false,
      });
      // Hiding or moving the source changes none of its words.
      await changeHomeItem(db(), actor, source, "hide");
      await changeHomeItem(db(), actor, source, "show");
      expect((await flag(translation))!.outOfDate).toBe(false);
      // Saving the same words again is no change either.
      await edit(source, { title: `Fonte? ${marker}`, body: "Resposta de Fonte?." });
      expect((await flag(translation))!.outOfDate).toBe(false);

      await edit(source, { title: `Fonte? ${marker}`, body: "Uma resposta nova." });
      expect((await flag(translation))!.outOfDate).toBe(true);
      // Saving the translation brings it up to date (it keeps its source).
      await edit(translation, { title: `Source? ${marker}`, body: "A new answer." });
      expect(await flag(translation)).toMatchObject({ id: source.id, outOfDate: false });
      // A restored source is a change of its words too.
      const [firstOfSource] = await revisionsOf(source.id);
      await restoreHomeItem(db(), actor, source, firstOfSource!.id);
      expect((await flag(translation))!.outOfDate).toBe(true);
    });

    it("'Mark as current' clears the flag without touching the words, and is logged", async () => {
      const source = await added({ kind: "testimonial", language: "pt" }, "Bia");
      const translation = await added({ kind: "testimonial", language: "es" }, "Bia ES", {
        source: String(source.id),
      });
      await edit(source, { title: `Bia ${marker}`, body: "Outras palavras." });
      expect((await flag(translation))!.outOfDate).toBe(true);
      const words = await row(translation.id);
      expect(await changeHomeItem(db(), actor, translation, "markCurrent")).toEqual({ ok: true });
      expect((await flag(translation))!.outOfDate).toBe(false);
      expect(await row(translation.id)).toMatchObject({
        title: words.title,
        body: words.body,
        textVersion: words.textVersion,
      });
      expect((await logged()).at(-1)).toEqual({
        subject: `home-item:${translation.id}`,
        details: { kind: "testimonial", language: "es", change: "markCurrent" },
      });
      // Only a translation has a source to be current with.
      expect(await changeHomeItem(db(), actor, source, "markCurrent")).toEqual({
        ok: false,
        errors: { form: "admin.content.errors.invalid" },
      });
    });

    it("refuses a source that is not a Portuguese item of the same kind, and stores nothing", async () => {
      const faqSource = await added({ kind: "faq", language: "pt" }, "Pergunta?");
      const english = await added({ kind: "faq", language: "en" }, "Question?");
      const testimonial = await added({ kind: "testimonial", language: "pt" }, "Clara");
      const count = async () =>
        (
          await db()
            .select()
            .from(homeItems)
            .where(like(homeItems.title, `%${marker}%`))
        ).length;
      const before = await count();
      for (const [list, sourceId] of [
        [{ kind: "faq", language: "en" }, english.id], // not Portuguese
        [{ kind: "faq", language: "en" }, testimonial.id], // another kind
        [{ kind: "faq", language: "pt" }, faqSource.id], // a Portuguese item has no source
        [{ kind: "faq", language: "en" }, 9_007_199_254_740_991],
        [{ kind: "faq", language: "en" }, "1; drop table home_items"],
      ] as const) {
        const answer = await addHomeItem(db(), actor, list.kind, list.language, {
          title: `Recusada ${marker}`,
          body: "Não.",
          source: String(sourceId),
        });
        expect(answer, `${list.language} ${sourceId}`).toEqual({
          ok: false,
          errors: { source: "admin.content.translation.sourceInvalid" },
        });
      }
      expect(await count()).toBe(before);
      // An edit naming a bad source keeps none of its words; its own id is refused too.
      const words = await row(english.id);
      for (const sourceId of [english.id, testimonial.id]) {
        expect(
          await edit(english, { title: `Trocada ${marker}`, body: "x", source: String(sourceId) }),
        ).toEqual({ ok: false, errors: { source: "admin.content.translation.sourceInvalid" } });
      }
      expect(await row(english.id)).toEqual(words);
      // Linked, then unlinked with an empty choice.
      expect(
        await edit(english, { title: words.title, body: "y", source: String(faqSource.id) }),
      ).toEqual({
        ok: true,
      });
      expect((await row(english.id)).sourceId).toBe(faqSource.id);
      expect(await edit(english, { title: words.title, body: "y", source: "" })).toEqual({
        ok: true,
      });
      expect(await row(english.id)).toMatchObject({ sourceId: null, sourceVersion: null });
    });

    it("says where a moved item now stands in its list", async () => {
      const a = await added({ kind: "testimonial", language: "en" }, "Mia");
      const b = await added({ kind: "testimonial", language: "en" }, "Noa");
      const total = (await listHomeItems(db(), "testimonial", "en")).length;
      await changeHomeItem(db(), actor, b, "up");
      expect(await positionOf(db(), b)).toEqual({ position: total - 1, total });
      expect(await positionOf(db(), a)).toEqual({ position: total, total });
      expect(await positionOf(db(), { ...a, language: "pt" })).toBeNull();
    });
  },
);
