import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import { accessLog, blogPosts, blogTranslations, images, user } from "#app/db/schema.server.ts";
import {
  articleForEditor,
  createArticle,
  previewForEditor,
  saveAndPublish,
  saveWorkingCopy,
} from "./editor.server.ts";
import { findArticle } from "./posts.server.ts";

const withImage = (id: unknown, alt: string) =>
  JSON.stringify({
    type: "doc",
    content: [
      { type: "paragraph", content: [{ type: "text", text: "Antes da imagem." }] },
      { type: "image", attrs: { id, alt } },
      { type: "paragraph", content: [{ type: "text", text: "Depois." }] },
    ],
  });

describe.each(databaseTargets)("images in an article's body on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  const actor = { id: `body-images-${marker}`, ip: "203.0.113.9" };
  let imageId: number;
  const fields = (name: string, body: string) => ({
    title: `Título ${name}`,
    slug: `${name}-${marker}`,
    category: "Dicas",
    excerpt: "Um resumo.",
    description: "Uma descrição para buscadores.",
    body,
    coverImageId: "",
    coverAlt: "",
  });

  async function article(name: string) {
    const created = await createArticle(database.db, actor, { language: "pt", title: name });
    if (!created.ok) throw new Error("not created");
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
    const [image] = await database.db
      .insert(images)
      .values({ hash: "0123456789abcdef", width: 1200, height: 800, createdBy: actor.id })
      .returning({ id: images.id });
    imageId = image!.id;
  });
  afterAll(async () => {
    await database.db.delete(blogPosts).where(eq(blogPosts.createdBy, actor.id));
    await database.db.delete(images).where(eq(images.createdBy, actor.id));
    await database.db.delete(accessLog).where(eq(accessLog.actorId, actor.id));
    await database.db.delete(user).where(eq(user.id, actor.id));
    await database.close();
  });

  it("a draft keeps an image without its description; publishing it is refused at the body", async () => {
    const id = await article("sem-descricao");
    const saved = await saveWorkingCopy(
      database.db,
      actor,
      id,
      "pt",
      fields("sem-descricao", withImage(imageId, "")),
    );
    expect(saved.ok).toBe(true);
    const published = await saveAndPublish(
      database.db,
      actor,
      id,
      "pt",
      fields("sem-descricao", withImage(imageId, "   ")),
      null,
    );
    expect(published).toEqual({
      ok: false,
      errors: { body: "admin.blog.bodyEditor.errors.imageAlt" },
      refusedAt: "publish",
      savedAt: expect.any(String),
    });
    const [row] = await database.db
      .select({ publishAt: blogTranslations.publishAt, body: blogTranslations.body })
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, id));
    expect(row?.publishAt).toBeNull();
    // The draft still holds the image, waiting for its description.
    expect(row?.body.content).toContainEqual({ type: "image", attrs: { id: imageId, alt: "" } });
  });

  it("described, it is published: the page gets the image's stored size, never an address from the body", async () => {
    const id = await article("com-descricao");
    const published = await saveAndPublish(
      database.db,
      actor,
      id,
      "pt",
      fields(
        "com-descricao",
        JSON.stringify({
          type: "doc",
          content: [
            {
              type: "image",
              attrs: {
                id: imageId,
                alt: "Duas modelos na praia",
                src: "https://evil.example/tracker.png",
                hash: "ffffffffffffffff",
                width: 1,
              },
            },
          ],
        }),
      ),
      null,
    );
    expect(published.ok).toBe(true);
    const found = await findArticle(database.db, `com-descricao-${marker}`, "pt");
    if (found.kind !== "post") throw new Error(`not found: ${found.kind}`);
    expect(found.post.body.content).toEqual([
      { type: "image", attrs: { id: imageId, alt: "Duas modelos na praia" } },
    ]);
    expect(found.post.bodyImages).toEqual([
      { id: imageId, hash: "0123456789abcdef", width: 1200, height: 800 },
    ]);
    // Reading time counts words only.
    expect(found.post.readingMinutes).toBe(1);
    // The editor gets the same size beside the id, to show the image.
    const editor = await articleForEditor(database.db, id);
    expect(editor?.translations[0]?.working.body.content[0]).toEqual({
      type: "image",
      attrs: {
        id: imageId,
        alt: "Duas modelos na praia",
        hash: "0123456789abcdef",
        width: 1200,
        height: 800,
      },
    });
    const preview = await previewForEditor(database.db, id, "pt");
    expect(preview?.post.bodyImages).toEqual(found.post.bodyImages);
  });

  it("refuses to save a body naming an image that was never stored (a forged id), storing nothing", async () => {
    const id = await article("forjada");
    const before = await saveWorkingCopy(
      database.db,
      actor,
      id,
      "pt",
      fields("forjada", withImage(imageId, "Uma foto")),
    );
    expect(before.ok).toBe(true);
    for (const forged of [imageId + 1_000_000, 2 ** 52]) {
      const saved = await saveWorkingCopy(
        database.db,
        actor,
        id,
        "pt",
        fields("forjada-2", withImage(forged, "Outra foto")),
      );
      expect(saved).toEqual({
        ok: false,
        errors: { body: "admin.blog.bodyEditor.errors.imageUnknown" },
      });
    }
    const [row] = await database.db
      .select({ slug: blogTranslations.slug, body: blogTranslations.body })
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, id));
    expect(row?.slug).toBe(`forjada-${marker}`);
    expect(row?.body.content).toContainEqual({
      type: "image",
      attrs: { id: imageId, alt: "Uma foto" },
    });
  });
});
