import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { accessLog, blogPosts, blogTranslations, user } from "#app/db/schema.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import {
  addTranslation,
  articleForEditor,
  createArticle,
  listArticlesForAdmin,
  markTranslationCurrent,
  publishTranslation,
  saveWorkingCopy,
  takeOffSite,
} from "./editor.server.ts";

/**
 * Translations made from another language (issue 27; decision 041): a copy to translate in
 * place, flagged out of date when the language it follows publishes other content, until it is
 * published again or marked current.
 */

const body = (text: string) =>
  JSON.stringify({
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Seção" }] },
      { type: "paragraph", content: [{ type: "text", text }] },
    ],
  });

describe.each(databaseTargets)("translations on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  const actor = { id: `translator-${marker}`, ip: "203.0.113.8" };
  const fields = (name: string, extra: Record<string, string> = {}) => ({
    title: `Título ${name} ${marker}`,
    slug: `${name}-${marker}`,
    category: "Dicas",
    excerpt: `Resumo de ${name}.`,
    description: `Descrição de ${name} para buscadores.`,
    body: body(`Texto de ${name}.`),
    coverImageId: "",
    coverAlt: "Ondas do mar",
    ...extra,
  });

  /** A Portuguese article with every field filled in, published when asked. */
  async function portuguese(name: string, { publish = false } = {}) {
    const created = await createArticle(database.db, actor, { language: "pt", title: name });
    if (!created.ok) throw new Error("not created");
    expect((await saveWorkingCopy(database.db, actor, created.id, "pt", fields(name))).ok).toBe(
      true,
    );
    if (publish)
      expect((await publishTranslation(database.db, actor, created.id, "pt")).ok).toBe(true);
    return created.id;
  }

  const translation = async (id: number, language: string) =>
    (await articleForEditor(database.db, id))!.translations.find((t) => t.language === language)!;
  const listed = async (id: number) =>
    (await listArticlesForAdmin(database.db)).find((a) => a.id === id)!.languages;
  const rows = (id: number) =>
    database.db.select().from(blogTranslations).where(eq(blogTranslations.postId, id));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await insertAccount(database.db, {
      id: actor.id,
      name: "Tina Tradutora",
      email: `tina.${marker}@example.com`,
      role: "editor",
    });
  });
  afterAll(async () => {
    await database.db.delete(blogPosts).where(eq(blogPosts.createdBy, actor.id));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await database.db.delete(user).where(eq(user.id, actor.id));
    await database.close();
  });

  it("started from Portuguese, a translation is a copy of its working copy, with its own address", async () => {
    const id = await portuguese("origem");
    expect(await addTranslation(database.db, actor, id, { language: "en", from: "pt" })).toEqual({
      ok: true,
      language: "en",
    });
    const en = await translation(id, "en");
    expect(en.working).toMatchObject({
      title: `Título origem ${marker}`,
      category: "Dicas",
      excerpt: "Resumo de origem.",
      description: "Descrição de origem para buscadores.",
      coverAlt: "Ondas do mar",
    });
    expect(JSON.stringify(en.working.body)).toContain("Texto de origem.");
    expect(en).toMatchObject({ state: "draft", sourceLanguage: "pt", outOfDate: false });
    // A title she typed is the one kept, and makes the address.
    await addTranslation(database.db, actor, id, {
      language: "es",
      from: "pt",
      title: `Origen ${marker}`,
    });
    expect((await translation(id, "es")).working).toMatchObject({
      title: `Origen ${marker}`,
      slug: `origen-${marker}`,
      excerpt: "Resumo de origem.",
    });
    // From a published article, the changes not yet published are what is copied.
    await publishTranslation(database.db, actor, id, "pt");
    await saveWorkingCopy(database.db, actor, id, "pt", fields("origem", { body: body("Nova.") }));
    await addTranslation(database.db, actor, id, { language: "it", from: "en" });
    await addTranslation(database.db, actor, id, { language: "de", from: "pt" });
    expect(JSON.stringify((await translation(id, "de")).working.body)).toContain("Nova.");
    expect((await translation(id, "it")).sourceLanguage).toBe("en");
    // Those changes, once published, are what the copy already has: it is not out of date.
    await publishTranslation(database.db, actor, id, "pt");
    expect((await translation(id, "de")).outOfDate).toBe(false);
    expect((await translation(id, "en")).outOfDate).toBe(true);
  });

  it("started empty, it has only the title she typed and the cover, and follows no language", async () => {
    const id = await portuguese("vazio");
    await addTranslation(database.db, actor, id, { language: "en", from: "", title: "Empty" });
    const en = await translation(id, "en");
    expect(en.working).toMatchObject({ title: "Empty", excerpt: "", category: "" });
    expect(en.working.body.content).toEqual([]);
    expect(en.sourceLanguage).toBeNull();
    // Without a source there is no title to start from: she must type one.
    expect(await addTranslation(database.db, actor, id, { language: "es" })).toEqual({
      ok: false,
      errors: { title: "admin.blog.errors.required" },
    });
  });

  it("is out of date once its source publishes other content, not when it republishes the same", async () => {
    const id = await portuguese("segue", { publish: true });
    await addTranslation(database.db, actor, id, { language: "en", from: "pt" });
    await saveWorkingCopy(database.db, actor, id, "en", fields("follows"));
    await publishTranslation(database.db, actor, id, "en");
    expect((await translation(id, "en")).outOfDate).toBe(false);

    // Published again, unchanged: nothing to translate.
    await saveWorkingCopy(database.db, actor, id, "pt", fields("segue"));
    await publishTranslation(database.db, actor, id, "pt");
    expect((await translation(id, "en")).outOfDate).toBe(false);
    // Changed but not yet published: the live text it follows is the same.
    await saveWorkingCopy(database.db, actor, id, "pt", fields("segue", { body: body("Mais.") }));
    expect((await translation(id, "en")).outOfDate).toBe(false);

    await publishTranslation(database.db, actor, id, "pt");
    expect((await translation(id, "en")).outOfDate).toBe(true);
    expect((await translation(id, "pt")).outOfDate).toBe(false);
    expect(await listed(id)).toMatchObject([
      { language: "pt", outOfDateWith: null },
      { language: "en", outOfDateWith: "pt" },
    ]);

    // Published again, it is up to date.
    await publishTranslation(database.db, actor, id, "en");
    expect((await translation(id, "en")).outOfDate).toBe(false);
    expect(await listed(id)).toMatchObject([{ outOfDateWith: null }, { outOfDateWith: null }]);

    // A change of the summary alone counts too; "Mark as current" clears it without publishing.
    await saveWorkingCopy(database.db, actor, id, "pt", fields("segue", { excerpt: "Outro." }));
    await publishTranslation(database.db, actor, id, "pt");
    expect((await translation(id, "en")).outOfDate).toBe(true);
    const before = (await rows(id)).find((r) => r.language === "en")!;
    expect(await markTranslationCurrent(database.db, id, "en")).toEqual({ ok: true });
    expect((await translation(id, "en")).outOfDate).toBe(false);
    const after = (await rows(id)).find((r) => r.language === "en")!;
    expect(after.publishAt).toEqual(before.publishAt);
    expect(after.title).toBe(before.title);
  });

  it("a source still a draft has published nothing to follow; its first publication may", async () => {
    const id = await portuguese("rascunho");
    await addTranslation(database.db, actor, id, { language: "en", from: "pt" });
    await saveWorkingCopy(database.db, actor, id, "pt", fields("rascunho", { title: "Mudou" }));
    expect((await translation(id, "en")).outOfDate).toBe(false);
    await publishTranslation(database.db, actor, id, "pt");
    // Published with a title the copy never had.
    expect((await translation(id, "en")).outOfDate).toBe(true);

    // Published as copied: nothing to bring over.
    const same = await portuguese("igual");
    await addTranslation(database.db, actor, same, { language: "en", from: "pt" });
    await publishTranslation(database.db, actor, same, "pt");
    expect((await translation(same, "en")).outOfDate).toBe(false);
  });

  it("refuses what cannot be, and stores nothing", async () => {
    const id = await portuguese("ataque", { publish: true });
    await addTranslation(database.db, actor, id, { language: "en", from: "", title: "Own" });
    const before = await rows(id);
    // A translation that follows no language, one the article lacks, an article that is not.
    expect(await markTranslationCurrent(database.db, id, "en")).toEqual({
      ok: false,
      errors: { form: "admin.blog.errors.noSource" },
    });
    expect(await markTranslationCurrent(database.db, id, "pt")).toEqual({
      ok: false,
      errors: { form: "admin.blog.errors.noSource" },
    });
    expect(await markTranslationCurrent(database.db, id, "es")).toEqual({
      ok: false,
      errors: { form: "admin.blog.errors.notFound" },
    });
    expect(await markTranslationCurrent(database.db, 9_000_000_000, "en")).toEqual({
      ok: false,
      errors: { form: "admin.blog.errors.notFound" },
    });
    // A language the site does not have, as the new one or as its source.
    expect(
      await addTranslation(database.db, actor, id, { language: "xx", from: "pt", title: "X" }),
    ).toEqual({ ok: false, errors: { language: "admin.blog.errors.language" } });
    expect(await addTranslation(database.db, actor, id, { language: "es", from: "xx" })).toEqual({
      ok: false,
      errors: { from: "admin.blog.errors.source" },
    });
    // A source language the article lacks; a language it has already.
    expect(await addTranslation(database.db, actor, id, { language: "es", from: "de" })).toEqual({
      ok: false,
      errors: { from: "admin.blog.errors.sourceMissing" },
    });
    expect(await addTranslation(database.db, actor, id, { language: "en", from: "pt" })).toEqual({
      ok: false,
      errors: { language: "admin.blog.errors.languageExists" },
    });
    // An article that does not exist, or no longer does.
    expect(
      await addTranslation(database.db, actor, 9_000_000_000, { language: "es", from: "pt" }),
    ).toEqual({ ok: false, errors: { form: "admin.blog.errors.notFound" } });
    expect(await rows(id)).toEqual(before);
  });

  it("says what taking it off the site undid: a publication or a schedule", async () => {
    const live = await portuguese("no-ar", { publish: true });
    expect(await takeOffSite(database.db, actor, live, "pt")).toBe("published");
    const later = await portuguese("depois");
    await publishTranslation(database.db, actor, later, "pt", new Date(Date.now() + 3_600_000));
    expect(await takeOffSite(database.db, actor, later, "pt")).toBe("scheduled");
    expect((await translation(later, "pt")).state).toBe("draft");
    expect(await takeOffSite(database.db, actor, later, "pt")).toBeNull();
  });
});
