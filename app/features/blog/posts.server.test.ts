import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { blogPosts, blogSlugRedirects, blogTranslations } from "#app/db/schema.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { forgetContent } from "#app/features/content/content-version.server.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expectHarmless } from "#app/test/harmless-markup.ts";
import { bodyFromBlocks, sanitizeBody } from "./body.ts";
import { BodyView } from "./body-view.tsx";
import { feedArticles, findArticle, listPosts, sitemapArticles } from "./posts.server.ts";

const codes = languages.map((l) => l.code);
// The four articles of migration 0012, newest first.
const initial = [
  "turning-followers-into-paying-fans",
  "common-beginner-mistakes",
  "5-tips-to-increase-subscriptions",
  "security-and-anonymity",
];

describe.each(databaseTargets)("public articles on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);

  /** An article in the given languages, live unless `publishAt` says otherwise. */
  async function article(
    slugs: Partial<Record<(typeof codes)[number], string>>,
    publishAt: Date | null = new Date(Date.now() - 60_000),
  ) {
    const db = database.db;
    const [post] = await db.insert(blogPosts).values({}).returning({ id: blogPosts.id });
    for (const [language, slug] of Object.entries(slugs)) {
      await db.insert(blogTranslations).values({
        postId: post!.id,
        language,
        slug: `${slug}-${marker}`,
        title: `${slug} (${language})`,
        body: bodyFromBlocks([{ tag: "p", text: "text" }]),
        publishAt,
        firstPublishedAt: publishAt,
      });
    }
    forgetContent();
    return post!.id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.db.delete(blogPosts).where(sql`exists (
      select 1 from blog_translations t where t.post_id = blog_posts.id and t.slug like ${`%-${marker}`})`);
    await database.close();
  });

  it.each(codes)("the four initial articles in %s, newest first, complete", async (language) => {
    const posts = await listPosts(database.db, language);
    const slugs = posts.map((post) => post.slug).filter((slug) => initial.includes(slug));
    expect(slugs).toEqual(initial);
    for (const slug of initial) {
      const found = await findArticle(database.db, slug, language);
      expect(found.kind).toBe("post");
      if (found.kind !== "post") continue;
      const { post, alternates } = found;
      for (const field of ["category", "title", "excerpt", "description"] as const) {
        expect(post[field].trim(), `${slug} ${field}`).not.toBe("");
      }
      expect(post.description.length).toBeLessThanOrEqual(170);
      expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
      expect(post.cover?.image.width).toBe(1440);
      const headings = post.body.content.filter((block) => block.type === "heading");
      expect(headings.length).toBeGreaterThanOrEqual(3);
      expect(post.body.content[0]!.type).toBe("paragraph");
      expect(alternates.map((a) => a.language)).toEqual(codes);
      expect(new Set(alternates.map((a) => a.slug))).toEqual(new Set([slug]));
    }
  });

  it("each language has its own text", async () => {
    for (const slug of initial) {
      const titles = await Promise.all(
        codes.map(async (language) => {
          const found = await findArticle(database.db, slug, language);
          return found.kind === "post" ? found.post.title : null;
        }),
      );
      expect(new Set(titles).size).toBe(codes.length);
    }
  });

  it.each([
    "unknown",
    "",
    "..",
    "../pt",
    "security-and-anonymity/../common-beginner-mistakes",
    "%2e%2e",
    "__proto__",
    "SECURITY-AND-ANONYMITY",
    " security-and-anonymity",
    "security-and-anonymity/",
    "security-and-anonymity\0",
    "' or '1'='1",
    "%",
    "_ecurity-and-anonymity",
  ])("%j is no article", async (slug) => {
    for (const language of ["pt", "en"] as const) {
      expect((await findArticle(database.db, slug, language)).kind).toBe("missing");
    }
  });

  it("an article in other languages only: the languages it is in, never an empty page", async () => {
    await article({ en: "only-english", de: "nur-deutsch" });
    const found = await findArticle(database.db, `only-english-${marker}`, "pt");
    expect(found).toEqual({
      kind: "elsewhere",
      alternates: [
        { language: "en", slug: `only-english-${marker}` },
        { language: "de", slug: `nur-deutsch-${marker}` },
      ],
    });
    // Another language's address, in a language it has: that language's own address.
    expect(await findArticle(database.db, `only-english-${marker}`, "de")).toEqual({
      kind: "moved",
      slug: `nur-deutsch-${marker}`,
      permanent: false,
    });
  });

  it("a former address answers with the current one, for good", async () => {
    const id = await article({ pt: "novo-endereco" });
    await database.db
      .insert(blogSlugRedirects)
      .values({ language: "pt", slug: `endereco-antigo-${marker}`, postId: id });
    expect(await findArticle(database.db, `endereco-antigo-${marker}`, "pt")).toEqual({
      kind: "moved",
      slug: `novo-endereco-${marker}`,
      permanent: true,
    });
  });

  it("a deleted article is gone (410), and leaves the lists, the sitemap and the feed", async () => {
    const id = await article({ pt: "apagado", en: "deleted" });
    expect((await listPosts(database.db, "pt")).map((p) => p.slug)).toContain(`apagado-${marker}`);
    await database.db.update(blogPosts).set({ deletedAt: new Date() }).where(eq(blogPosts.id, id));
    forgetContent();
    expect((await findArticle(database.db, `apagado-${marker}`, "pt")).kind).toBe("gone");
    expect((await listPosts(database.db, "pt")).map((p) => p.slug)).not.toContain(
      `apagado-${marker}`,
    );
    const sitemap = (await sitemapArticles(database.db)).flat().map((t) => t.slug);
    expect(sitemap).not.toContain(`apagado-${marker}`);
    expect((await feedArticles(database.db, "en")).map((p) => p.slug)).not.toContain(
      `deleted-${marker}`,
    );
  });

  it("a draft or a scheduled article is not public until its time, in no language", async () => {
    await article({ pt: "rascunho" }, null);
    await article({ pt: "agendado" }, new Date(Date.now() + 3_600_000));
    // A translation to come, of an article live in English: its address reveals nothing yet.
    const id = await article({ en: "live-in-english" });
    await database.db.insert(blogTranslations).values({
      postId: id,
      language: "pt",
      slug: `em-breve-${marker}`,
      title: "Em breve",
      body: bodyFromBlocks([{ tag: "p", text: "texto" }]),
      publishAt: new Date(Date.now() + 3_600_000),
    });
    for (const language of ["pt", "en"] as const) {
      expect((await findArticle(database.db, `em-breve-${marker}`, language)).kind).toBe("missing");
    }
    for (const slug of ["rascunho", "agendado"]) {
      expect((await findArticle(database.db, `${slug}-${marker}`, "pt")).kind).toBe("missing");
      expect((await listPosts(database.db, "pt")).map((p) => p.slug)).not.toContain(
        `${slug}-${marker}`,
      );
    }
  });

  it("every stored body renders nothing that runs", async () => {
    const rows = await database.db.select({ body: blogTranslations.body }).from(blogTranslations);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    for (const { body } of rows) {
      expectHarmless(renderToStaticMarkup(createElement(BodyView, { body: sanitizeBody(body) })));
    }
  });

  it("the sitemap lists every live translation, Portuguese first", async () => {
    const articles = await sitemapArticles(database.db);
    const security = articles.find((t) => t[0]!.slug === "security-and-anonymity")!;
    expect(security.map((t) => t.language)).toEqual(codes);
    for (const translation of security) expect(Date.parse(translation.updatedAt)).not.toBeNaN();
  });
});
