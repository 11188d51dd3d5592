import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, blogPosts, blogTranslations, user } from "#app/db/schema.server.ts";
import {
  articleForEditor,
  createArticle,
  createPreviewLink,
  deleteArticle,
  publishTranslation,
  saveWorkingCopy,
} from "#app/features/blog/editor.server.ts";
import * as preview from "#app/routes/_marketing/blog-preview.tsx";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import { paced } from "#app/test/pace.ts";

/**
 * A private preview link that never ended (issue 24): forwarded once, it kept showing the
 * article's working copy for ever, including every draft written after publication. Performed
 * as the person holding an old link: it stops working when the translation is published, when a
 * new link replaces it, when the article is deleted, and 14 days after it was made.
 */

describe.each(routeTestTargets)("the private preview link's lifetime on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const actor = { id: `editor-${marker}`, ip: "203.0.113.7" };

  const body = (text: string) =>
    JSON.stringify({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text }] }],
    });
  const fields = (name: string, title = `Rascunho ${name} ${marker}`) => ({
    title,
    slug: `${name}-${marker}`,
    category: "Dicas",
    excerpt: "Um resumo.",
    description: "Uma descrição para buscadores.",
    body: body(`Texto de ${name}.`),
    coverImageId: "",
    coverAlt: "",
  });

  async function draft(name: string) {
    const db = await getDatabase();
    const created = await createArticle(db, actor, { language: "pt", title: name });
    if (!created.ok) throw new Error("no article");
    const saved = await saveWorkingCopy(db, actor, created.id, "pt", fields(name));
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    return created.id;
  }

  /** The link opened by whoever holds it: no account, no cookie. */
  async function open(token: string) {
    const answer = await callRoute(
      preview.loader,
      new Request(`${TEST_ORIGIN}/blog/preview/${token}`, { headers: { "accept-language": "pt" } }),
      { token },
    );
    return {
      status: answer.status,
      headers: answer.headers,
      shown: JSON.stringify(answer.data),
      title: (answer.data as { post?: { title: string } }).post?.title,
    };
  }

  /** Gone, as a made-up link is: the site's not-found page, never stored, never indexed. */
  function expectGone(answer: Awaited<ReturnType<typeof open>>) {
    expect(answer.status).toBe(404);
    expect(answer.title).toBeUndefined();
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  }

  async function madeDaysAgo(id: number, days: number) {
    await (
      await getDatabase()
    )
      .update(blogTranslations)
      .set({ previewTokenCreatedAt: sql`now() - make_interval(days => ${days})` })
      .where(and(eq(blogTranslations.postId, id), eq(blogTranslations.language, "pt")));
  }

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    await insertAccount(await getDatabase(), {
      id: actor.id,
      name: "Eva Editora",
      email: `eva.${marker}@example.com`,
      role: "editor",
    });
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(blogPosts).where(eq(blogPosts.createdBy, actor.id));
    await db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await db.delete(user).where(eq(user.id, actor.id));
    await closeAppDatabase();
  });

  it("ends when the translation is published, and never shows a later draft", async () => {
    const id = await draft("publicado");
    const token = (await createPreviewLink(await getDatabase(), id, "pt"))!;
    expect(await open(token)).toMatchObject({
      status: 200,
      title: `Rascunho publicado ${marker}`,
    });

    const published = await publishTranslation(await getDatabase(), actor, id, "pt");
    expect(published.ok).toBe(true);
    expectGone(await open(token));

    // A draft written after publication (held aside as pending changes) is not the link's.
    await saveWorkingCopy(
      await getDatabase(),
      actor,
      id,
      "pt",
      fields("publicado", `Segredo de depois ${marker}`),
    );
    const later = await open(token);
    expectGone(later);
    expect(later.shown).not.toContain("Segredo de depois");
    const [view] = (await articleForEditor(await getDatabase(), id))!.translations;
    expect(view!.previewExpiresAt).toBeNull();
  });

  it("ends 14 days after it was made", async () => {
    const id = await draft("antigo");
    const token = (await createPreviewLink(await getDatabase(), id, "pt"))!;
    // The editor says until when: 14 days from now.
    const [view] = (await articleForEditor(await getDatabase(), id))!.translations;
    const expires = Date.parse(view!.previewExpiresAt!);
    expect(Math.abs(expires - (Date.now() + 14 * 24 * 3600_000))).toBeLessThan(60_000);

    await madeDaysAgo(id, 13);
    expect((await open(token)).status).toBe(200);
    await madeDaysAgo(id, 14);
    expectGone(await open(token));
    await madeDaysAgo(id, 400);
    expectGone(await open(token));
    const [old] = (await articleForEditor(await getDatabase(), id))!.translations;
    expect(old!.previewExpiresAt).toBeNull();
  });

  it("ends when a new link replaces it, and when the article is deleted", async () => {
    const id = await draft("trocado");
    const first = (await createPreviewLink(await getDatabase(), id, "pt"))!;
    const second = (await createPreviewLink(await getDatabase(), id, "pt"))!;
    expectGone(await open(first));
    expect((await open(second)).status).toBe(200);

    expect(await deleteArticle(await getDatabase(), actor, id)).toBe(true);
    expectGone(await open(second));
    const [row] = await (
      await getDatabase()
    )
      .select({ hash: blogTranslations.previewTokenHash })
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, id));
    expect(row!.hash).toBeNull();
  });
});
