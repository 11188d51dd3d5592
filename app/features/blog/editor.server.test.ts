import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import { accessLog, blogPosts, blogTranslations, user } from "#app/db/schema.server.ts";
import {
  contentChangedSince,
  forgetContent,
} from "#app/features/content/content-version.server.ts";
import {
  addTranslation,
  articleForEditor,
  createArticle,
  createPreviewLink,
  deleteArticle,
  discardChanges,
  listRevisions,
  previewByToken,
  publishTranslation,
  restoreRevision,
  saveAndPublish,
  saveWorkingCopy,
  unpublishTranslation,
} from "./editor.server.ts";
import { feedArticles, findArticle, listPosts, sitemapArticles } from "./posts.server.ts";

const body = (text: string) =>
  JSON.stringify({
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Seção" }] },
      { type: "paragraph", content: [{ type: "text", text }] },
    ],
  });

describe.each(databaseTargets)("the article editor on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  const actor = { id: `editor-${marker}`, ip: "203.0.113.7" };
  const slug = (name: string) => `${name}-${marker}`;
  const fields = (name: string, extra: Record<string, string> = {}) => ({
    title: `Título ${name}`,
    slug: slug(name),
    category: "Dicas",
    excerpt: "Um resumo.",
    description: "Uma descrição para buscadores.",
    body: body(`Texto de ${name}.`),
    coverImageId: "",
    coverAlt: "",
    ...extra,
  });

  async function draft(name: string) {
    const created = await createArticle(database.db, actor, { language: "pt", title: name });
    if (!created.ok) throw new Error("not created");
    const saved = await saveWorkingCopy(database.db, actor, created.id, "pt", fields(name));
    expect(saved.ok).toBe(true);
    return created.id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await insertAccount(database.db, {
      id: actor.id,
      name: "Eva Editora",
      email: `eva.${marker}@example.com`,
      role: "editor",
    });
  });
  afterAll(async () => {
    await database.db.delete(blogPosts).where(eq(blogPosts.createdBy, actor.id));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await database.db.delete(user).where(eq(user.id, actor.id));
    await database.close();
  });

  it("a draft is not public; published, it is at once, in the list, the sitemap and the feed", async () => {
    const id = await draft("primeiro");
    expect((await findArticle(database.db, slug("primeiro"), "pt")).kind).toBe("missing");
    await listPosts(database.db, "pt"); // read (and kept) before the publication
    const published = await publishTranslation(database.db, actor, id, "pt");
    expect(published).toMatchObject({ ok: true, scheduled: false });
    expect((await findArticle(database.db, slug("primeiro"), "pt")).kind).toBe("post");
    expect((await listPosts(database.db, "pt")).map((p) => p.slug)).toContain(slug("primeiro"));
    const sitemap = (await sitemapArticles(database.db)).flat().map((t) => t.slug);
    expect(sitemap).toContain(slug("primeiro"));
    expect((await feedArticles(database.db, "pt")).map((p) => p.slug)).toContain(slug("primeiro"));
    // In the access log, with who and from where.
    const [entry] = await database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, actor.id), eq(accessLog.subject, `post:${id}`)));
    expect(entry).toMatchObject({ action: "content.publish", ip: actor.ip });
  });

  it("refuses to publish what is incomplete, and to save a refused field: nothing half-stored", async () => {
    const created = await createArticle(database.db, actor, {
      language: "pt",
      title: "incompleto",
    });
    if (!created.ok) throw new Error("not created");
    expect(await publishTranslation(database.db, actor, created.id, "pt")).toMatchObject({
      ok: false,
      errors: {
        excerpt: expect.any(String),
        description: expect.any(String),
        body: expect.any(String),
      },
    });
    const refused = await saveWorkingCopy(database.db, actor, created.id, "pt", {
      ...fields("incompleto"),
      slug: "Not A Slug",
    });
    expect(refused).toEqual({ ok: false, errors: { slug: "admin.blog.errors.slug" } });
    const article = await articleForEditor(database.db, created.id);
    expect(article!.translations[0]!.working.excerpt).toBe("");
  });

  it("an address is unique within a language; another language may share it", async () => {
    await draft("ocupado");
    const other = await draft("outro");
    expect(
      await saveWorkingCopy(
        database.db,
        actor,
        other,
        "pt",
        fields("outro", { slug: slug("ocupado") }),
      ),
    ).toEqual({ ok: false, errors: { slug: "admin.blog.errors.slugTaken" } });
    expect(
      (await addTranslation(database.db, actor, other, { language: "en", title: "Other" })).ok,
    ).toBe(true);
    expect(
      await saveWorkingCopy(
        database.db,
        actor,
        other,
        "en",
        fields("outro", { slug: slug("ocupado") }),
      ),
    ).toMatchObject({ ok: true });
  });

  it("edits of a live article wait aside until published; a changed address answers 301", async () => {
    const id = await draft("vivo");
    await publishTranslation(database.db, actor, id, "pt");
    await saveWorkingCopy(
      database.db,
      actor,
      id,
      "pt",
      fields("vivo", { title: "Novo título", slug: slug("vivo-novo") }),
    );
    let found = await findArticle(database.db, slug("vivo"), "pt");
    expect(found.kind === "post" && found.post.title).toBe("Título vivo");
    const article = await articleForEditor(database.db, id);
    expect(article!.translations[0]).toMatchObject({ hasPendingChanges: true, state: "published" });
    await publishTranslation(database.db, actor, id, "pt");
    found = await findArticle(database.db, slug("vivo-novo"), "pt");
    expect(found.kind === "post" && found.post.title).toBe("Novo título");
    expect(await findArticle(database.db, slug("vivo"), "pt")).toEqual({
      kind: "moved",
      slug: slug("vivo-novo"),
      permanent: true,
    });
    // Each publication is a revision; the first one can be restored into the editor.
    const revisions = await listRevisions(database.db, id, "pt");
    expect(revisions.map((r) => r.fields.title)).toEqual(["Novo título", "Título vivo"]);
    expect(revisions[0]!.savedBy).toBe("Eva Editora");
    await restoreRevision(database.db, actor, id, "pt", revisions[1]!.id);
    const restored = await articleForEditor(database.db, id);
    expect(restored!.translations[0]!.working.title).toBe("Título vivo");
    // Restored into the working copy, not yet public.
    found = await findArticle(database.db, slug("vivo-novo"), "pt");
    expect(found.kind === "post" && found.post.title).toBe("Novo título");
  });

  it("a save overtaken by a later one of the same page is not applied; other pages' are", async () => {
    const id = await draft("ordem");
    const page = randomUUID();
    const write = (title: string, session: string, seq: number) =>
      saveWorkingCopy(database.db, actor, id, "pt", {
        ...fields("ordem", { title }),
        editSession: session,
        editSeq: String(seq),
      });
    const working = async () =>
      (await articleForEditor(database.db, id))!.translations[0]!.working.title;

    // Her page's third write reaches the database before its second (a slow autosave).
    expect(await write("Terceira versão", page, 3)).toMatchObject({ ok: true });
    expect(await write("Segunda versão", page, 2)).toMatchObject({ ok: true });
    expect(await working()).toBe("Terceira versão");
    // The same number again is the same write, sent twice: applied once.
    await write("Repetida", page, 3);
    expect(await working()).toBe("Terceira versão");
    // Another page (a second tab, a colleague) is not ordered against hers.
    await write("De outra aba", randomUUID(), 1);
    expect(await working()).toBe("De outra aba");
    // A form sent without a script has no stamp and is applied as it comes.
    await saveWorkingCopy(database.db, actor, id, "pt", fields("ordem", { title: "Sem script" }));
    expect(await working()).toBe("Sem script");
    // A stamp that is not well formed is no stamp: it cannot hold back her later writes.
    await write("Carimbo estranho", "x'; drop", 99);
    await write("Depois", page, 1);
    expect(await working()).toBe("Depois");
  });

  it("saved and published in one go: an older autosave arriving after does not change the live text", async () => {
    const id = await draft("publicar");
    const page = randomUUID();
    const stamp = (seq: number) => ({ editSession: page, editSeq: String(seq) });
    const autosave = { ...fields("publicar", { title: "Rascunho antigo" }), ...stamp(4) };
    const published = await saveAndPublish(
      database.db,
      actor,
      id,
      "pt",
      { ...fields("publicar", { title: "Como publicado" }), ...stamp(5) },
      null,
    );
    expect(published).toMatchObject({ ok: true, scheduled: false });
    await saveWorkingCopy(database.db, actor, id, "pt", autosave);
    const found = await findArticle(database.db, slug("publicar"), "pt");
    expect(found.kind === "post" && found.post.title).toBe("Como publicado");
    const article = await articleForEditor(database.db, id);
    expect(article!.translations[0]).toMatchObject({ hasPendingChanges: false });
    expect(article!.translations[0]!.working.title).toBe("Como publicado");
  });

  it("a publication refused for what it lacks keeps her text as the draft; a refused field keeps nothing", async () => {
    const id = await draft("recusa");
    const refused = await saveAndPublish(
      database.db,
      actor,
      id,
      "pt",
      fields("recusa", { title: "Sem resumo", excerpt: " ", description: "" }),
      null,
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        excerpt: "admin.blog.errors.requiredToPublish",
        description: "admin.blog.errors.requiredToPublish",
      },
      refusedAt: "publish",
      savedAt: expect.any(String),
    });
    const after = (await articleForEditor(database.db, id))!.translations[0]!;
    expect(after).toMatchObject({ state: "draft", working: { title: "Sem resumo", excerpt: "" } });
    expect((await findArticle(database.db, slug("recusa"), "pt")).kind).toBe("missing");
    expect(
      await saveAndPublish(database.db, actor, id, "pt", fields("recusa", { slug: "Não É" }), null),
    ).toMatchObject({ ok: false, errors: { slug: "admin.blog.errors.slug" }, refusedAt: "save" });
    expect((await articleForEditor(database.db, id))!.translations[0]!.working.title).toBe(
      "Sem resumo",
    );
  });

  it("an update of a live article refused for what it lacks leaves the live text as it was", async () => {
    const id = await draft("viva");
    await publishTranslation(database.db, actor, id, "pt");
    const refused = await saveAndPublish(
      database.db,
      actor,
      id,
      "pt",
      fields("viva", {
        title: "Mudança sem texto",
        body: JSON.stringify({ type: "doc", content: [{ type: "paragraph" }] }),
      }),
      null,
    );
    expect(refused).toMatchObject({
      ok: false,
      errors: { body: "admin.blog.errors.requiredToPublish" },
      refusedAt: "publish",
    });
    const found = await findArticle(database.db, slug("viva"), "pt");
    expect(found.kind === "post" && found.post.title).toBe("Título viva");
    expect((await articleForEditor(database.db, id))!.translations[0]).toMatchObject({
      hasPendingChanges: true,
      working: { title: "Mudança sem texto" },
    });
  });

  it("discarded changes are not brought back by an autosave the page sent before", async () => {
    const id = await draft("descartar");
    await publishTranslation(database.db, actor, id, "pt");
    const page = randomUUID();
    const stamp = (seq: number) => ({ editSession: page, editSeq: String(seq) });
    await saveWorkingCopy(database.db, actor, id, "pt", {
      ...fields("descartar", { title: "Mudança" }),
      ...stamp(1),
    });
    expect(await discardChanges(database.db, id, "pt", stamp(3))).toBe(true);
    await saveWorkingCopy(database.db, actor, id, "pt", {
      ...fields("descartar", { title: "Mudança atrasada" }),
      ...stamp(2),
    });
    const article = await articleForEditor(database.db, id);
    expect(article!.translations[0]).toMatchObject({ hasPendingChanges: false });
    expect(article!.translations[0]!.working.title).toBe("Título descartar");
  });

  it("a scheduled article appears when due, and the other instances notice", async () => {
    const id = await draft("agendado");
    const watch = { version: null as string | null, at: null as Date | null };
    await contentChangedSince(database.db, watch); // another instance's first look
    const at = new Date(Date.now() + 1_500);
    expect(await publishTranslation(database.db, actor, id, "pt", at)).toMatchObject({
      ok: true,
      scheduled: true,
    });
    // The publication bumped the version: the other instance forgets what it read.
    expect(await contentChangedSince(database.db, watch)).toBe(true);
    expect((await findArticle(database.db, slug("agendado"), "pt")).kind).toBe("missing");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Due now: every instance sees it fall due, without anyone touching the article.
    expect(await contentChangedSince(database.db, watch)).toBe(true);
    forgetContent();
    expect((await findArticle(database.db, slug("agendado"), "pt")).kind).toBe("post");
    expect((await listPosts(database.db, "pt")).map((p) => p.slug)).toContain(slug("agendado"));
  });

  it("unpublished, it leaves the site and keeps its text; deleted, it is gone (410)", async () => {
    const id = await draft("retirado");
    await publishTranslation(database.db, actor, id, "pt");
    expect(await unpublishTranslation(database.db, actor, id, "pt")).toBe(true);
    expect((await findArticle(database.db, slug("retirado"), "pt")).kind).toBe("missing");
    const article = await articleForEditor(database.db, id);
    expect(article!.translations[0]).toMatchObject({
      state: "draft",
      working: { title: "Título retirado" },
    });
    await publishTranslation(database.db, actor, id, "pt");
    expect(await deleteArticle(database.db, actor, id)).toBe(true);
    expect((await findArticle(database.db, slug("retirado"), "pt")).kind).toBe("gone");
    expect(await articleForEditor(database.db, id)).toBeNull();
    const actions = await database.db
      .select({ action: accessLog.action })
      .from(accessLog)
      .where(eq(accessLog.subject, `post:${id}`));
    expect(actions.map((a) => a.action).sort()).toEqual(
      ["content.delete", "content.publish", "content.publish", "content.unpublish"].sort(),
    );
  });

  it("a private preview link shows the working copy; a new link replaces it", async () => {
    const id = await draft("previa");
    const first = await createPreviewLink(database.db, id, "pt");
    expect((await previewByToken(database.db, first!))?.post.title).toBe("Título previa");
    const second = await createPreviewLink(database.db, id, "pt");
    expect(await previewByToken(database.db, first!)).toBeNull();
    expect((await previewByToken(database.db, second!))?.language).toBe("pt");
    expect(await previewByToken(database.db, "x".repeat(32))).toBeNull();
    expect(await previewByToken(database.db, "' or 1=1 --")).toBeNull();
  });

  it("stores only the allowed blocks, whatever the form sent", async () => {
    const id = await draft("seguro");
    await saveWorkingCopy(database.db, actor, id, "pt", {
      ...fields("seguro"),
      body: JSON.stringify({
        type: "doc",
        content: [
          {
            type: "paragraph",
            content: [
              {
                type: "text",
                text: "x",
                marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }],
              },
            ],
          },
          { type: "script", content: [{ type: "text", text: "alert(2)" }] },
        ],
      }),
    });
    const [row] = await database.db
      .select({ body: blogTranslations.body })
      .from(blogTranslations)
      .where(and(eq(blogTranslations.postId, id), like(blogTranslations.slug, `%${marker}`)));
    expect(JSON.stringify(row!.body)).not.toMatch(/javascript:|script/);
  });
});
