import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, blogPosts, blogTranslations, user } from "#app/db/schema.server.ts";
import {
  addTranslation,
  createArticle,
  publishTranslation,
  saveWorkingCopy,
} from "#app/features/blog/editor.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { databaseTargets } from "#app/test/databases.ts";
import { outcomeOf } from "#app/test/routes.ts";
import * as editorRoute from "./blog-editor.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The editor's translation forms as the server receives them (issue 27): "Add a language" from
 * a source, "Mark as current", and "Cancel schedule"; each refused with a 4xx and nothing stored
 * when forged, posted from another site or aimed at what cannot be.
 */
const PASSWORD = "traducoes-do-blog-2026!";

describe.each(databaseTargets)("the editor's translation forms on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  let cookie = "";
  let editorId = "";
  let articleId = 0;

  const post = (path: string, fields: Record<string, string>, origin = TEST_ORIGIN) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin, cookie, "x-client-ip": "198.51.100.62" },
    });
  const send = (
    id: number | string,
    language: string,
    fields: Record<string, string>,
    origin?: string,
  ) =>
    outcomeOf(() =>
      editorRoute.action({
        request: post(`/admin/blog/${id}/${language}`, fields, origin),
        params: { id: String(id), language },
        context: {},
      } as never),
    );
  const rows = async (id = articleId) =>
    (await getDatabase())
      .select()
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, id))
      .orderBy(blogTranslations.language);

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    const account = await signedInAccount({
      email: `tradutora.${marker}@example.com`,
      name: `Tradutora ${marker}`,
      role: "editor",
      password: PASSWORD,
      origin: TEST_ORIGIN,
    });
    cookie = account.cookie;
    editorId = account.id;
    const db = await getDatabase();
    const actor = { id: editorId };
    const created = await createArticle(db, actor, { language: "pt", title: `Fonte ${marker}` });
    if (!created.ok) throw new Error("no article");
    articleId = created.id;
    await saveWorkingCopy(db, actor, articleId, "pt", {
      title: `Fonte ${marker}`,
      slug: `fonte-${marker}`,
      category: "Dicas",
      excerpt: "Resumo.",
      description: "Descrição.",
      body: JSON.stringify({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Olá." }] }],
      }),
      coverImageId: "",
      coverAlt: "",
    });
    await publishTranslation(db, actor, articleId, "pt");
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(blogPosts).where(eq(blogPosts.createdBy, editorId));
    await db.delete(accessLog).where(inArray(accessLog.actorId, [editorId]));
    await db.delete(user).where(eq(user.id, editorId));
    await closeAppDatabase();
  });

  it("adds a language from Portuguese with a plain form post, and goes to it", async () => {
    const added = await send(articleId, "pt", {
      intent: "add-translation",
      language: "es",
      from: "pt",
      title: "",
    });
    expect(added).toMatchObject({ status: 302, location: `/admin/blog/${articleId}/es` });
    const es = (await rows()).find((r) => r.language === "es")!;
    expect(es).toMatchObject({
      title: `Fonte ${marker}`,
      excerpt: "Resumo.",
      sourceLanguage: "pt",
    });
  });

  it("refuses a source the article lacks, a language the site lacks, a forged article: 4xx, nothing stored", async () => {
    const before = await rows();
    const answers = [
      await send(articleId, "pt", { intent: "add-translation", language: "de", from: "sv" }),
      await send(articleId, "pt", { intent: "add-translation", language: "de", from: "zz" }),
      await send(articleId, "pt", { intent: "add-translation", language: "zz", from: "pt" }),
      await send(9_000_000_001, "pt", { intent: "add-translation", language: "de", from: "pt" }),
    ];
    expect(answers.map((a) => [a.status, a.data])).toEqual([
      [400, { ok: false, errors: { from: "admin.blog.errors.sourceMissing" } }],
      [400, { ok: false, errors: { from: "admin.blog.errors.source" } }],
      [400, { ok: false, errors: { language: "admin.blog.errors.language" } }],
      [404, { ok: false, errors: { form: "admin.blog.errors.notFound" } }],
    ]);
    expect(await rows()).toEqual(before);
  });

  it("marks a translation current; refuses one that follows nothing, a forged article, another site", async () => {
    const db = await getDatabase();
    const actor = { id: editorId };
    await addTranslation(db, actor, articleId, { language: "it", from: "pt" });
    await addTranslation(db, actor, articleId, {
      language: "en",
      from: "",
      title: `Own ${marker}`,
    });
    // The Portuguese changes and is published again: Italian is out of date.
    await saveWorkingCopy(db, actor, articleId, "pt", {
      title: `Fonte nova ${marker}`,
      slug: `fonte-${marker}`,
      category: "Dicas",
      excerpt: "Resumo novo.",
      description: "Descrição.",
      body: JSON.stringify({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Olá de novo." }] }],
      }),
      coverImageId: "",
      coverAlt: "",
    });
    expect((await publishTranslation(db, actor, articleId, "pt")).ok).toBe(true);
    const before = await rows();
    const refusals = [
      await send(articleId, "it", { intent: "mark-current" }, "https://evil.example"),
      await send(articleId, "en", { intent: "mark-current" }),
      await send(articleId, "pt", { intent: "mark-current" }),
      await send(articleId, "sv", { intent: "mark-current" }),
      await send(9_000_000_001, "it", { intent: "mark-current" }),
    ];
    expect(refusals.map((a) => a.status)).toEqual([403, 409, 409, 404, 404]);
    expect(await rows()).toEqual(before);

    const marked = await send(articleId, "it", { intent: "mark-current" });
    expect(marked).toMatchObject({ status: 200, data: { ok: true, done: "marked-current" } });
    const it = (await rows()).find((r) => r.language === "it")!;
    expect(it.sourceHash).not.toBe(before.find((r) => r.language === "it")!.sourceHash);
  });

  it("a scheduled translation taken off the site is a cancelled schedule; a live one is unpublished", async () => {
    const db = await getDatabase();
    const actor = { id: editorId };
    await publishTranslation(db, actor, articleId, "es", new Date(Date.now() + 3_600_000));
    expect(await send(articleId, "es", { intent: "unpublish" })).toMatchObject({
      status: 200,
      data: { ok: true, done: "unscheduled" },
    });
    await publishTranslation(db, actor, articleId, "es");
    expect(await send(articleId, "es", { intent: "unpublish" })).toMatchObject({
      status: 200,
      data: { ok: true, done: "unpublished" },
    });
    expect(await send(articleId, "es", { intent: "unpublish" })).toMatchObject({ status: 409 });
  });
});
