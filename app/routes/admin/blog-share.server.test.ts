import { randomBytes } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, blogPosts, blogTranslations, user } from "#app/db/schema.server.ts";
import {
  articleForEditor,
  createArticle,
  previewByToken,
  publishTranslation,
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
import * as publicPostRoute from "../_marketing/blog-post.tsx";
import * as editorRoute from "./blog-editor.tsx";
import * as previewPageRoute from "./blog-preview-page.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * What an article says when it is found or shared (issue 27): the optional search title, from
 * the editor's form to the public page's <title> and og:title; the private link as the full
 * address she sends; and the preview's page, which this site alone may frame.
 */
const PASSWORD = "titulo-de-busca-2026!";

const body = JSON.stringify({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Um texto." }] }],
});

describe.each(databaseTargets)(
  "search title, private link and preview page on %s",
  (_name, kind) => {
    const marker = randomBytes(4).toString("hex");
    let cookie = "";
    let editorId = "";

    const form = (id: number, fields: Record<string, string>) =>
      new Request(`${TEST_ORIGIN}/admin/blog/${id}/pt`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: TEST_ORIGIN, cookie, "x-client-ip": "198.51.100.62" },
      });
    const fields = (name: string, extra: Record<string, string> = {}) => ({
      title: `Título ${name} ${marker}`,
      slug: `${name}-${marker}`,
      category: "Dicas",
      excerpt: "Um resumo.",
      description: "O que os buscadores mostram.",
      body,
      coverImageId: "",
      coverAlt: "",
      ...extra,
    });
    const send = (id: number, values: Record<string, string>) =>
      outcomeOf(() =>
        editorRoute.action({
          request: form(id, values),
          params: { id: String(id), language: "pt" },
          context: {},
        } as never),
      );
    async function article(name: string) {
      const created = await createArticle(
        await getDatabase(),
        { id: editorId },
        { language: "pt", title: `${name} ${marker}` },
      );
      if (!created.ok) throw new Error("not created");
      return created.id;
    }
    const stored = async (id: number) =>
      (
        await (
          await getDatabase()
        )
          .select()
          .from(blogTranslations)
          .where(and(eq(blogTranslations.postId, id), eq(blogTranslations.language, "pt")))
      )[0]!;
    /** The public page's <title> and og:title, as its meta function renders them. */
    async function publicTitles(slug: string) {
      const answer = await outcomeOf(() =>
        publicPostRoute.loader({
          request: new Request(`${TEST_ORIGIN}/blog/${slug}?lang=pt`),
          params: { slug },
          context: {},
        } as never),
      );
      expect(answer.status).toBe(200);
      const tags = publicPostRoute.meta({ loaderData: answer.data } as never) as Record<
        string,
        string
      >[];
      return {
        title: tags.find((tag) => "title" in tag)?.title,
        ogTitle: tags.find((tag) => tag.property === "og:title")?.content,
      };
    }

    beforeAll(async () => {
      await openAppDatabase(kind, TEST_SERVER_SETTINGS);
      const account = await signedInAccount({
        email: `editor.${marker}@example.com`,
        name: `Editora ${marker}`,
        role: "editor",
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      cookie = account.cookie;
      editorId = account.id;
    }, paced(60_000));

    afterAll(async () => {
      const db = await getDatabase();
      await db.delete(blogPosts).where(
        inArray(
          blogPosts.id,
          db
            .select({ id: blogTranslations.postId })
            .from(blogTranslations)
            .where(like(blogTranslations.slug, `%${marker}%`)),
        ),
      );
      await db.delete(blogPosts).where(eq(blogPosts.createdBy, editorId));
      await db.delete(accessLog).where(eq(accessLog.actorId, editorId));
      await db.delete(user).where(eq(user.id, editorId));
      await closeAppDatabase();
    });

    it("saves a search title, and the published page's <title> and og:title are it, as written", async () => {
      const id = await article("com-titulo");
      const seoTitle = `Rotina de modelo em Floripa ${marker}`;
      const saved = await send(id, { intent: "save", ...fields("com-titulo", { seoTitle }) });
      expect(saved.status).toBe(200);
      expect((await stored(id)).seoTitle).toBe(seoTitle);
      const editor = await articleForEditor(await getDatabase(), id);
      expect(editor!.translations[0]!.working.seoTitle).toBe(seoTitle);

      expect(
        (await send(id, { intent: "publish", ...fields("com-titulo", { seoTitle }) })).status,
      ).toBe(200);
      expect(await publicTitles(`com-titulo-${marker}`)).toEqual({
        title: seoTitle,
        ogTitle: seoTitle,
      });
    });

    it("without a search title, the page's title is the article's, named for the agency", async () => {
      const id = await article("sem-titulo");
      expect((await send(id, { intent: "publish", ...fields("sem-titulo") })).status).toBe(200);
      const expected = `Título sem-titulo ${marker} | Maré Talent`;
      expect(await publicTitles(`sem-titulo-${marker}`)).toEqual({
        title: expected,
        ogTitle: expected,
      });
    });

    it("refuses a search title over 70 characters at its field, and stores nothing of the form", async () => {
      const id = await article("longo");
      const before = await stored(id);
      const refused = await send(id, {
        intent: "save",
        ...fields("longo", { seoTitle: "x".repeat(71), title: `Outro título ${marker}` }),
      });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        ok: false,
        errors: { seoTitle: "admin.blog.errors.tooLong" },
      });
      const after = await stored(id);
      expect(after).toEqual(before);
      // The longest allowed goes through (the limit is the one the field says).
      const longest = "y".repeat(70);
      expect(
        (await send(id, { intent: "save", ...fields("longo", { seoTitle: longest }) })).status,
      ).toBe(200);
      expect((await stored(id)).seoTitle).toBe(longest);
    });

    it("reads a held-aside change or a revision stored before the search title existed as having none", async () => {
      const id = await article("antigo");
      expect((await send(id, { intent: "publish", ...fields("antigo") })).status).toBe(200);
      const db = await getDatabase();
      // A pending copy as the editor stored it before: no seoTitle key at all.
      const { seoTitle: _dropped, ...old } = {
        ...fields("antigo", { title: `Mudado ${marker}` }),
        seoTitle: "",
        body: JSON.parse(body) as { type: "doc"; content: unknown[] },
        coverImageId: null,
      };
      await db
        .update(blogTranslations)
        .set({ pending: old as never })
        .where(eq(blogTranslations.postId, id));
      const editor = await articleForEditor(db, id);
      expect(editor!.translations[0]!.working).toMatchObject({
        title: `Mudado ${marker}`,
        seoTitle: "",
      });
      const published = await publishTranslation(db, { id: editorId }, id, "pt");
      expect(published.ok).toBe(true);
      expect(await publicTitles(`antigo-${marker}`)).toMatchObject({
        title: `Mudado ${marker} | Maré Talent`,
      });
    });

    it("answers a new private link with its full address, which opens the draft", async () => {
      const id = await article("link");
      const made = await send(id, { intent: "preview-link", ...fields("link") });
      expect(made.status).toBe(200);
      const url = (made.data as { previewUrl: string }).previewUrl;
      expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/blog/preview/[A-Za-z0-9_-]{32}$`));
      const preview = await previewByToken(await getDatabase(), url.split("/").pop()!);
      expect(preview?.post.title).toBe(`Título link ${marker}`);
    });

    it("serves the preview's page to staff only, never cached, framable by this site alone", async () => {
      const id = await article("quadro");
      await send(id, { intent: "save", ...fields("quadro") });
      const load = (headers: Record<string, string>) =>
        outcomeOf(() =>
          previewPageRoute.loader({
            request: new Request(`${TEST_ORIGIN}/admin/blog/${id}/pt/preview/page`, { headers }),
            params: { id: String(id), language: "pt" },
            context: {},
          } as never),
        );
      const visitor = await load({});
      expect(visitor.status).toBe(302);
      expect(visitor.location).toMatch(/^\/login/);
      const staff = await load({ cookie });
      expect(staff.status).toBe(200);
      expect(staff.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
      expect(staff.headers.get("Cache-Control")).toBe("private, no-store");
      expect((staff.data as { post: { title: string } }).post.title).toBe(
        `Título quadro ${marker}`,
      );
    });
  },
);
