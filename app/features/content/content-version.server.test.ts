import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { TEST_ORIGIN } from "#app/test/app-database.ts";
import { copyDatabase, databaseTargets, type DatabaseCopy } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import { accessLog, blogPosts, homeItems, user } from "#app/db/schema.server.ts";
import { cachedDocument } from "#app/entry.server.tsx";
import {
  createArticle,
  deleteArticle,
  publishTranslation,
  saveWorkingCopy,
  unpublishTranslation,
} from "#app/features/blog/editor.server.ts";
import { findArticle } from "#app/features/blog/posts.server.ts";
import {
  documentKey,
  NONCE_PLACEHOLDER,
  purgeDocumentCache,
  storeDocument,
} from "#app/utils/document-cache.server.ts";
import {
  bumpContentVersion,
  contentChangedSince,
  startContentWatch,
} from "./content-version.server.ts";
import { addHomeItem, changeHomeItem, homeContent } from "./home-items.server.ts";
import { paced } from "#app/test/pace.ts";

// Public pages whose HTML shows the content: the home page (FAQ, testimonials, blog teaser), the
// blog, an article, in more than one language.
const PAGES = ["/", "/?lang=en", "/blog", "/blog/um-artigo", "/contact"];

/**
 * What a visitor is sent after an editor's change: the stored pages (the document cache that
 * server/app.ts answers from before React Router runs) are dropped by the change itself, on this
 * instance at once and on the others at their next look at the content version.
 */
describe.each(databaseTargets)("content changes and the stored pages on %s", (_name, kind) => {
  let database: DatabaseHandle;
  let copy: DatabaseCopy;
  const marker = randomUUID().slice(0, 8);
  const actor = { id: `cache-editor-${marker}`, ip: "203.0.113.44" };
  const db = () => database.db;

  const head = (path: string) => new Request(`${TEST_ORIGIN}${path}`);
  /** A page stored as entry.server stores a rendered one, then answered from the store. */
  async function storePage(path: string) {
    const key = documentKey(head(path))!;
    const html = `<html><body><h1>${path} ${marker}</h1><script nonce="${NONCE_PLACEHOLDER}">1</script></body></html>`;
    const stored = await storeDocument(key, html, {
      headers: new Headers(),
      countsViews: false,
      policy: (hashes) => `script-src ${hashes.join(" ")}`,
    });
    expect(stored).toBeDefined();
  }
  /**
   * Every page stored, before a change. An earlier change's second purge (two seconds after it)
   * may drop some while they are stored: they are stored again.
   */
  async function storeAll() {
    for (let attempt = 0; attempt < 3 && stillStored().length < PAGES.length; attempt++) {
      for (const path of PAGES) await storePage(path);
    }
    expect(stillStored()).toEqual(PAGES);
  }
  /** Waits out the second purges of earlier changes, before looking at what stays. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_100));
  /** The pages a request is still answered from the store for (server/app.ts's lookup). */
  const stillStored = () => PAGES.filter((path) => cachedDocument(head(path)) !== null);

  async function publishedArticle(name: string) {
    const created = await createArticle(db(), actor, { language: "pt", title: name });
    if (!created.ok) throw new Error("not created");
    const saved = await saveWorkingCopy(db(), actor, created.id, "pt", {
      title: `${name} ${marker}`,
      slug: `${name}-${marker}`,
      category: "Dicas",
      excerpt: "Resumo.",
      description: "Descrição.",
      body: JSON.stringify({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Texto." }] }],
      }),
      coverImageId: "",
      coverAlt: "",
    });
    expect(saved.ok).toBe(true);
    return created.id;
  }

  beforeAll(async () => {
    copy = await copyDatabase(kind);
    database = openDatabase(copy);
    await insertAccount(database.db, {
      id: actor.id,
      name: "Cacá Cache",
      email: `caca.${marker}@example.com`,
      role: "editor",
    });
  }, paced(60_000));
  afterEach(() => purgeDocumentCache());
  afterAll(async () => {
    await database.db.delete(blogPosts).where(eq(blogPosts.createdBy, actor.id));
    await database.db.delete(homeItems).where(like(homeItems.title, `%${marker}%`));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await database.db.delete(user).where(eq(user.id, actor.id));
    await database.close();
    await copy.drop();
  });

  it("what changes nothing on the site (a draft saved, a refused change) leaves the pages", async () => {
    // Each change drops the pages once more two seconds later (see the scheduled case below).
    await settle();
    await storeAll();
    const draft = await publishedArticle("rascunho");
    const empty = await createArticle(db(), actor, { language: "pt", title: `vazio ${marker}` });
    if (!empty.ok) throw new Error("not created");
    expect((await publishTranslation(db(), actor, empty.id, "pt")).ok).toBe(false);
    expect(await unpublishTranslation(db(), actor, draft, "pt")).toBe(false);
    const target = { id: 2 ** 40, kind: "faq" as const, language: "pt" as const };
    expect((await changeHomeItem(db(), actor, target, "hide")).ok).toBe(false);
    expect((await addHomeItem(db(), actor, "faq", "pt", { title: "", body: `${marker}` })).ok).toBe(
      false,
    );
    expect(stillStored()).toEqual(PAGES);
  });

  it("publishing, unpublishing and deleting an article each drop every stored page", async () => {
    const id = await publishedArticle("guardado");
    await storeAll();
    expect(await publishTranslation(db(), actor, id, "pt")).toMatchObject({ ok: true });
    expect(stillStored()).toEqual([]);
    expect((await findArticle(db(), `guardado-${marker}`, "pt")).kind).toBe("post");

    await storeAll();
    expect(await unpublishTranslation(db(), actor, id, "pt")).toBe(true);
    expect(stillStored()).toEqual([]);

    await publishTranslation(db(), actor, id, "pt");
    await storeAll();
    expect(await deleteArticle(db(), actor, id)).toBe(true);
    expect(stillStored()).toEqual([]);
    expect((await findArticle(db(), `guardado-${marker}`, "pt")).kind).toBe("gone");
  });

  it("a scheduled publication drops them too, and again when a render under way stored its page late", async () => {
    const id = await publishedArticle("agendado");
    // No earlier change's second purge may be what drops the late page below.
    await settle();
    await storeAll();
    const at = new Date(Date.now() + 60 * 60 * 1000);
    expect(await publishTranslation(db(), actor, id, "pt", at)).toMatchObject({ scheduled: true });
    expect(stillStored()).toEqual([]);
    // A page whose render began before the change, stored just after it, with the old content.
    await storePage("/blog");
    expect(stillStored()).toEqual(["/blog"]);
    await expect.poll(stillStored, { timeout: 4_000, interval: 100 }).toEqual([]);
  });

  it("every change of the FAQ or the testimonials drops them, and the home page shows it", async () => {
    await homeContent(db(), "pt");
    await storeAll();
    expect(
      await addHomeItem(db(), actor, "faq", "pt", { title: `Quando? ${marker}`, body: "Já." }),
    ).toEqual({ ok: true });
    expect(stillStored()).toEqual([]);
    const added = (await homeContent(db(), "pt")).faq.find((faq) => faq.question.includes(marker));
    expect(added).toBeDefined();

    for (const change of ["edit", "hide", "show", "up", "delete"] as const) {
      await storeAll();
      const answer = await changeHomeItem(
        db(),
        actor,
        { id: added!.id, kind: "faq", language: "pt" },
        change,
        { title: `Quando mesmo? ${marker}`, body: "Agora." },
      );
      expect(answer, change).toEqual({ ok: true });
      expect(stillStored(), change).toEqual([]);
    }
  });

  it("another instance's look at the version sees each change: publication, FAQ", async () => {
    // A second instance: its own connection on PostgreSQL (PGlite is one process's database)
    // and its own watch state.
    const second = copy.url ? openDatabase(copy) : database;
    try {
      const watch = { version: null as string | null, at: null as Date | null };
      expect(await contentChangedSince(second.db, watch)).toBe(false); // its first look
      if (!copy.url) {
        // Alone on its database, nothing else changes it between two looks.
        expect(await contentChangedSince(second.db, watch)).toBe(false);
      }
      const id = await publishedArticle("visto");
      await publishTranslation(db(), actor, id, "pt");
      expect(await contentChangedSince(second.db, watch)).toBe(true);
      if (!copy.url) expect(await contentChangedSince(second.db, watch)).toBe(false);
      await addHomeItem(db(), actor, "testimonial", "pt", {
        title: `Lia ${marker}`,
        body: "Ótimo.",
      });
      expect(await contentChangedSince(second.db, watch)).toBe(true);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it("an instance whose content another one changed forgets it and its stored pages at its next look", async () => {
    const watch = startContentWatch(async () => db(), 50);
    try {
      const before = await homeContent(db(), "it");
      await storeAll();
      // Its first look (which only notes the version) is over before the other one's change.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Another instance's addition: its transaction, with its version bump, and nothing of
      // this instance's memory touched.
      await db().transaction(async (tx) => {
        await tx.insert(homeItems).values({
          kind: "faq",
          language: "it",
          position: 10_000,
          title: `Da un'altra istanza ${marker}?`,
          body: "Sì.",
        });
        await bumpContentVersion(tx);
      });
      await expect
        .poll(async () => (await homeContent(db(), "it")).faq.length, { interval: 50 })
        .toBe(before.faq.length + 1);
      expect(stillStored()).toEqual([]);
    } finally {
      await watch.stop();
    }
  });
});
