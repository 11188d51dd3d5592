import { randomBytes } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, blogPosts, blogTranslations, homeItems, user } from "#app/db/schema.server.ts";
import { createArticle } from "#app/features/blog/editor.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { outcomeOf } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import * as blogRoute from "./blog.tsx";
import * as contentRoute from "./content.tsx";
import * as editorRoute from "./blog-editor.tsx";
import * as imagesRoute from "./images.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The content screens' forms as an attacker sends them: from another site with an editor's
 * session (her browser, a page elsewhere), and as a role that may not edit. Nothing changes.
 */
const PASSWORD = "ataques-ao-conteudo-2026!";

describe.each(databaseTargets)("attacks on the content screens on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies: Record<"editor" | "approver", string> = { editor: "", approver: "" };
  const ids: string[] = [];
  let articleId = 0;

  const post = (
    url: string,
    fields: Record<string, string>,
    { who = "editor", origin = TEST_ORIGIN }: { who?: "editor" | "approver"; origin?: string } = {},
  ) =>
    new Request(`${TEST_ORIGIN}${url}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin, cookie: cookies[who], "x-client-ip": "198.51.100.61" },
    });

  const call = (
    route: { action: (args: never) => unknown },
    request: Request,
    params: Record<string, string> = {},
  ) => outcomeOf(() => route.action({ request, params, context: {} } as never));

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of ["editor", "approver"] as const) {
      const account = await signedInAccount({
        email: `${role}.${marker}@example.com`,
        name: `${role} ${marker}`,
        role,
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      cookies[role] = account.cookie;
      ids.push(account.id);
    }
    const created = await createArticle(
      await getDatabase(),
      { id: ids[0]! },
      { language: "pt", title: `Alvo ${marker}` },
    );
    if (!created.ok) throw new Error("no article");
    articleId = created.id;
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(blogPosts).where(eq(blogPosts.id, articleId));
    await db.delete(blogPosts).where(
      inArray(
        blogPosts.id,
        db
          .select({ id: blogTranslations.postId })
          .from(blogTranslations)
          .where(like(blogTranslations.title, `%${marker}%`)),
      ),
    );
    await db.delete(homeItems).where(like(homeItems.title, `%${marker}%`));
    await db.delete(accessLog).where(inArray(accessLog.actorId, ids));
    await db.delete(user).where(inArray(user.id, ids));
    await closeAppDatabase();
  });

  const editorParams = () => ({ id: String(articleId), language: "pt" });

  it("refuses every content form posted from another site, with her session, and changes nothing", async () => {
    const evil = { origin: "https://evil.example" };
    const answers = [
      await call(blogRoute, post("/admin/blog", { language: "pt", title: `Novo ${marker}` }, evil)),
      await call(
        editorRoute,
        post(`/admin/blog/${articleId}/pt`, { intent: "delete", confirm: "yes" }, evil),
        editorParams(),
      ),
      await call(
        editorRoute,
        post(`/admin/blog/${articleId}/pt`, { intent: "preview-link" }, evil),
        editorParams(),
      ),
      await call(
        contentRoute,
        post(
          "/admin/content?kind=faq&language=pt",
          { intent: "add", title: `P ${marker}?`, body: "R." },
          evil,
        ),
      ),
      await call(imagesRoute, post("/admin/images", {}, evil)),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    const db = await getDatabase();
    const [article] = await db.select().from(blogPosts).where(eq(blogPosts.id, articleId));
    expect(article!.deletedAt).toBeNull();
    const [translation] = await db
      .select()
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, articleId));
    expect(translation!.previewTokenHash).toBeNull();
    expect(
      await db
        .select()
        .from(homeItems)
        .where(like(homeItems.title, `%${marker}%`)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(blogTranslations)
        .where(like(blogTranslations.title, `Novo ${marker}`)),
    ).toEqual([]);
  });

  it("refuses an approver, however valid her form, and the same form from the editor goes through", async () => {
    const asApprover = await call(
      editorRoute,
      post(`/admin/blog/${articleId}/pt`, { intent: "preview-link" }, { who: "approver" }),
      editorParams(),
    );
    expect(asApprover).toMatchObject({ status: 302, location: "/permission-denied" });
    const [before] = await (
      await getDatabase()
    )
      .select()
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, articleId));
    expect(before!.previewTokenHash).toBeNull();
    const asEditor = await call(
      editorRoute,
      post(`/admin/blog/${articleId}/pt`, { intent: "preview-link" }),
      editorParams(),
    );
    expect(asEditor.status).toBe(200);
  });
});
