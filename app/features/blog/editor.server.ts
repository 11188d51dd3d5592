import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  blogPosts,
  blogRevisions,
  blogSlugRedirects,
  blogTranslations,
  images,
  user,
  type BlogTranslationFields,
} from "#app/db/schema.server.ts";
import { isSupportedLanguage, languages, type Language } from "#app/i18n/languages.ts";
import { bumpContentVersion, forgetContent } from "#app/features/content/content-version.server.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { formText } from "#app/utils/form-text.ts";
import { bodyImages, readingMinutes, sanitizeBody, type Body } from "./body.ts";
import { bodyImagesExist, resolveBodyImages } from "./body-images.server.ts";
import { editStampOf, isLatestEdit } from "./edit-stamp.ts";
import type { Post } from "./posts.server.ts";
import { LIMITS } from "./limits.ts";
import { isSlug, slugify } from "./slug.ts";

/**
 * What an editor does to the articles (issue 16; docs/decisions/021): drafts written in place,
 * changes to a live translation kept aside until they are published, publication now or at a
 * time, revisions, old addresses kept as redirects, deletion. Every change that shows on the
 * public pages bumps the content version in its transaction, so each instance forgets what it
 * read (content-version.server.ts), and publishing, unpublishing and deleting are in the access
 * log.
 */

export type ArticleState = "draft" | "scheduled" | "published";

const errors = { required: "admin.blog.errors.required", tooLong: "admin.blog.errors.tooLong" };
const text = (max: number, required = true) =>
  formText(max, required ? errors : { tooLong: errors.tooLong });

/** A translation's fields as the editor's form sends them (the body as the editor's JSON). */
export const translationForm = z.object({
  title: text(LIMITS.title),
  slug: z
    .string()
    .trim()
    .refine((value) => isSlug(value), "admin.blog.errors.slug"),
  category: text(LIMITS.category, false),
  excerpt: text(LIMITS.excerpt, false),
  description: text(LIMITS.description, false),
  body: z.string().transform((value, context) => {
    try {
      return sanitizeBody(JSON.parse(value));
    } catch {
      context.addIssue({ code: "custom", message: "admin.blog.errors.body" });
      return z.NEVER;
    }
  }),
  coverImageId: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .pipe(z.number().int().positive().nullable()),
  coverAlt: text(LIMITS.coverAlt, false),
});

export type TranslationField = keyof z.input<typeof translationForm>;

/** What publishing needs beyond a draft's: something to list and describe the article with. */
function missingForPublishing(fields: BlogTranslationFields): FieldErrors<TranslationField> {
  const errors: FieldErrors<TranslationField> = {};
  if (!fields.excerpt) errors.excerpt = "admin.blog.errors.requiredToPublish";
  if (!fields.description) errors.description = "admin.blog.errors.requiredToPublish";
  if (!fields.category) errors.category = "admin.blog.errors.requiredToPublish";
  if (!fields.body.content.length) errors.body = "admin.blog.errors.requiredToPublish";
  // An image says what it shows to those who cannot see it: a draft may wait, the site not.
  else if (bodyImages(sanitizeBody(fields.body)).some((image) => !image.attrs.alt)) {
    errors.body = "admin.blog.bodyEditor.errors.imageAlt";
  }
  return errors;
}

export function stateOf(publishAt: Date | null, now = new Date()): ArticleState {
  if (!publishAt) return "draft";
  return publishAt > now ? "scheduled" : "published";
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Db = Database | Tx;

const liveFieldColumns = {
  slug: blogTranslations.slug,
  title: blogTranslations.title,
  category: blogTranslations.category,
  excerpt: blogTranslations.excerpt,
  description: blogTranslations.description,
  body: blogTranslations.body,
  coverImageId: blogTranslations.coverImageId,
  coverAlt: blogTranslations.coverAlt,
};

function liveFields(row: Record<keyof typeof liveFieldColumns, unknown>): BlogTranslationFields {
  return {
    slug: row.slug as string,
    title: row.title as string,
    category: row.category as string,
    excerpt: row.excerpt as string,
    description: row.description as string,
    body: sanitizeBody(row.body),
    coverImageId: (row.coverImageId as number | null) ?? null,
    coverAlt: row.coverAlt as string,
  };
}

/** Whether another article uses this address in this language (now, or as a former one). */
async function slugTaken(db: Db, language: string, slug: string, postId: number | null) {
  const others = postId === null ? undefined : ne(blogTranslations.postId, postId);
  const [current] = await db
    .select({ postId: blogTranslations.postId })
    .from(blogTranslations)
    .where(and(eq(blogTranslations.language, language), eq(blogTranslations.slug, slug), others))
    .limit(1);
  return Boolean(current);
}

async function coverExists(db: Db, id: number | null) {
  if (id === null) return true;
  const [image] = await db.select({ id: images.id }).from(images).where(eq(images.id, id));
  return Boolean(image);
}

/** A free address for a new translation: the title's, numbered when taken. */
async function freeSlug(db: Db, language: string, title: string) {
  const base = slugify(title) || "article";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
    if (!(await slugTaken(db, language, slug, null))) return slug;
  }
}

const newTranslationForm = z.object({
  language: z.string().refine(isSupportedLanguage, "admin.blog.errors.language"),
  title: text(LIMITS.title),
});

/** A new article: its first translation, a draft with the title's address. */
export async function createArticle(db: Database, actor: Actor, input: Record<string, unknown>) {
  const parsed = newTranslationForm.safeParse(input);
  if (!parsed.success) return { ok: false as const, errors: fieldErrorsOf(parsed.error) };
  const { language, title } = parsed.data;
  const id = await db.transaction(async (tx) => {
    const [post] = await tx
      .insert(blogPosts)
      .values({ createdBy: actor.id })
      .returning({ id: blogPosts.id });
    await tx.insert(blogTranslations).values({
      postId: post!.id,
      language,
      slug: await freeSlug(tx, language, title),
      title,
      body: { type: "doc", content: [] },
      updatedBy: actor.id,
    });
    return post!.id;
  });
  return { ok: true as const, id, language: language as Language };
}

/** A translation into another language, a draft starting from the same cover. */
export async function addTranslation(
  db: Database,
  actor: Actor,
  postId: number,
  input: Record<string, unknown>,
) {
  const parsed = newTranslationForm.safeParse(input);
  if (!parsed.success) return { ok: false as const, errors: fieldErrorsOf(parsed.error) };
  const { language, title } = parsed.data;
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({
        language: blogTranslations.language,
        coverImageId: blogTranslations.coverImageId,
      })
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, postId));
    if (existing.some((row) => row.language === language)) {
      return { ok: false as const, errors: { language: "admin.blog.errors.languageExists" } };
    }
    await tx.insert(blogTranslations).values({
      postId,
      language,
      slug: await freeSlug(tx, language, title),
      title,
      body: { type: "doc", content: [] },
      coverImageId: existing[0]?.coverImageId ?? null,
      updatedBy: actor.id,
    });
    return { ok: true as const, language: language as Language };
  });
}

export interface TranslationView {
  language: Language;
  state: ArticleState;
  publishAt: string | null;
  firstPublishedAt: string | null;
  /** The live copy's address (what visitors reach), when it has been published. */
  liveSlug: string;
  /** What the editor works on: the changes not yet published, or the live copy. */
  working: BlogTranslationFields;
  hasPendingChanges: boolean;
  updatedAt: string;
  updatedBy: string | null;
  /** Until when the private preview link works (ISO), or null when there is none that does. */
  previewExpiresAt: string | null;
}

/** An article as the editor shows it, or null (never existed, or deleted). */
export async function articleForEditor(db: Database, id: number) {
  const [post] = await db
    .select({ id: blogPosts.id, deletedAt: blogPosts.deletedAt })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  if (!post || post.deletedAt) return null;
  const rows = await db
    .select({
      ...liveFieldColumns,
      language: blogTranslations.language,
      publishAt: blogTranslations.publishAt,
      firstPublishedAt: blogTranslations.firstPublishedAt,
      pending: blogTranslations.pending,
      updatedAt: blogTranslations.updatedAt,
      updatedBy: user.name,
      previewTokenHash: blogTranslations.previewTokenHash,
      previewTokenCreatedAt: blogTranslations.previewTokenCreatedAt,
    })
    .from(blogTranslations)
    .leftJoin(user, eq(user.id, blogTranslations.updatedBy))
    .where(eq(blogTranslations.postId, id));
  const order = languages.map((l) => l.code as string);
  const sorted = rows.sort((a, b) => order.indexOf(a.language) - order.indexOf(b.language));
  const translations: TranslationView[] = await Promise.all(
    sorted.map(async (row) => {
      const live = liveFields(row);
      const working = row.pending ? { ...row.pending, body: sanitizeBody(row.pending.body) } : live;
      return {
        language: row.language as Language,
        state: stateOf(row.publishAt),
        publishAt: row.publishAt?.toISOString() ?? null,
        firstPublishedAt: row.firstPublishedAt?.toISOString() ?? null,
        liveSlug: live.slug,
        working: { ...working, body: await bodyForEditor(db, sanitizeBody(working.body)) },
        hasPendingChanges: Boolean(row.pending),
        updatedAt: row.updatedAt.toISOString(),
        updatedBy: row.updatedBy,
        previewExpiresAt: previewExpiry(row.previewTokenHash, row.previewTokenCreatedAt),
      };
    }),
  );
  return { id: post.id, translations };
}

/**
 * The body with each image's stored size and hash beside its id, for the editor to show it
 * (body-editor's image node); the save's sanitizeBody drops them again.
 */
async function bodyForEditor(db: Db, body: Body): Promise<Body> {
  const found = await resolveBodyImages(db, body);
  if (!found.length) return body;
  const withSizes = (nodes: Body["content"]): Body["content"] =>
    nodes.map((node) => {
      if (node.type === "image") {
        const image = found.find((candidate) => candidate.id === node.attrs.id);
        return image ? { ...node, attrs: { ...image, ...node.attrs } } : node;
      }
      if (node.type === "bulletList" || node.type === "orderedList") {
        return {
          ...node,
          content: node.content.map((item) => ({ ...item, content: withSizes(item.content) })),
        };
      }
      if (node.type === "blockquote") return { ...node, content: withSizes(node.content) };
      return node;
    });
  return { type: "doc", content: withSizes(body.content) };
}

async function lockTranslation(tx: Tx, postId: number, language: string) {
  const [row] = await tx
    .select({
      ...liveFieldColumns,
      publishAt: blogTranslations.publishAt,
      firstPublishedAt: blogTranslations.firstPublishedAt,
      pending: blogTranslations.pending,
      updatedAt: blogTranslations.updatedAt,
      editSession: blogTranslations.editSession,
      editSeq: blogTranslations.editSeq,
      deletedAt: blogPosts.deletedAt,
    })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)))
    .for("update", { of: blogTranslations });
  return row && !row.deletedAt ? row : null;
}

type SaveResult =
  { ok: true; savedAt: string } | { ok: false; errors: FieldErrors<TranslationField | "form"> };

/**
 * The autosave and the editor's "Save": a draft is written in place; a scheduled or published
 * translation keeps its live copy and holds the change aside (`pending`) until it is published.
 * Nothing is stored when a field is refused, nor when the same editor page has already had a
 * later write applied (`editSession`/`editSeq` in the input; see edit-stamp.ts).
 */
export async function saveWorkingCopy(
  db: Database,
  actor: Actor,
  postId: number,
  language: string,
  input: Record<string, unknown>,
): Promise<SaveResult> {
  const parsed = translationForm.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  return db.transaction((tx) => saveIn(tx, actor, postId, language, parsed.data, input));
}

async function saveIn(
  tx: Tx,
  actor: Actor,
  postId: number,
  language: string,
  fields: BlogTranslationFields,
  input: Record<string, unknown>,
): Promise<SaveResult> {
  const row = await lockTranslation(tx, postId, language);
  if (!row) return { ok: false, errors: { form: "admin.blog.errors.notFound" } };
  const stamp = editStampOf(input);
  // Overtaken by a later write of the same page: what that one stored stays.
  if (!isLatestEdit(stamp, row)) return { ok: true, savedAt: row.updatedAt.toISOString() };
  if (await slugTaken(tx, language, fields.slug, postId)) {
    return { ok: false, errors: { slug: "admin.blog.errors.slugTaken" } };
  }
  if (!(await coverExists(tx, fields.coverImageId))) {
    return { ok: false, errors: { coverImageId: "admin.blog.errors.cover" } };
  }
  if (!(await bodyImagesExist(tx, sanitizeBody(fields.body)))) {
    return { ok: false, errors: { body: "admin.blog.bodyEditor.errors.imageUnknown" } };
  }
  const now = new Date();
  const written = {
    updatedAt: now,
    updatedBy: actor.id,
    editSession: stamp?.session ?? null,
    editSeq: stamp?.seq ?? null,
  };
  await tx
    .update(blogTranslations)
    .set(
      row.publishAt
        ? { pending: fields, ...written }
        : { ...fields, readingMinutes: readingMinutes(fields.body), ...written },
    )
    .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)));
  return { ok: true, savedAt: now.toISOString() };
}

type PublishResult =
  | { ok: true; at: string; scheduled: boolean }
  | { ok: false; errors: FieldErrors<TranslationField | "form" | "publishAt"> };

/**
 * Puts the working copy live, now or at `at` (a scheduled one appears by itself when due). A
 * changed address keeps the old one as a permanent redirect. The save is a revision, and the
 * publication is in the access log.
 */
export async function publishTranslation(
  db: Database,
  actor: Actor,
  postId: number,
  language: string,
  at: Date | null = null,
): Promise<PublishResult> {
  const result = await db.transaction((tx) => publishIn(tx, actor, postId, language, at));
  if (result.ok) forgetContent();
  return result;
}

/**
 * "Publish" and "Schedule" in the editor: what is on her screen is saved and put live in one
 * transaction, so no other write can come between the two. Nothing changes when either is
 * refused.
 */
export async function saveAndPublish(
  db: Database,
  actor: Actor,
  postId: number,
  language: string,
  input: Record<string, unknown>,
  at: Date | null,
): Promise<SaveAndPublishResult> {
  const parsed = translationForm.safeParse(input);
  if (!parsed.success) {
    return { ok: false, errors: fieldErrorsOf(parsed.error), refusedAt: "save" };
  }
  const result = await db
    .transaction(async (tx): Promise<SaveAndPublishResult> => {
      const saved = await saveIn(tx, actor, postId, language, parsed.data, input);
      if (!saved.ok) throw new Refused({ ...saved, refusedAt: "save" });
      const published = await publishIn(tx, actor, postId, language, at);
      if (!published.ok) throw new Refused({ ...published, refusedAt: "publish" });
      return { ...published, savedAt: saved.savedAt };
    })
    .catch((error: unknown) => {
      // Thrown to roll the save back with the refused publication; answered as a refusal.
      if (error instanceof Refused) return error.result;
      throw error;
    });
  if (result.ok) forgetContent();
  return result;
}

type Refusal = Extract<PublishResult, { ok: false }> & { refusedAt: "save" | "publish" };

/** Saved and published, or refused by the save (a field) or by publishing (what it needs). */
type SaveAndPublishResult = { ok: true; at: string; scheduled: boolean; savedAt: string } | Refusal;

/** A refusal thrown out of a transaction so that what it wrote is rolled back. */
class Refused extends Error {
  readonly result: Refusal;
  constructor(result: Refusal) {
    super("refused");
    this.result = result;
  }
}

async function publishIn(
  tx: Tx,
  actor: Actor,
  postId: number,
  language: string,
  at: Date | null,
): Promise<PublishResult> {
  const row = await lockTranslation(tx, postId, language);
  if (!row) return { ok: false, errors: { form: "admin.blog.errors.notFound" } };
  const fields = row.pending
    ? { ...row.pending, body: sanitizeBody(row.pending.body) }
    : liveFields(row);
  const missing = missingForPublishing(fields);
  if (Object.keys(missing).length) return { ok: false, errors: missing };
  if (await slugTaken(tx, language, fields.slug, postId)) {
    return { ok: false, errors: { slug: "admin.blog.errors.slugTaken" } };
  }
  const now = new Date();
  // An update of a live article keeps its date; a draft goes live now or when asked.
  const publishAt = at ?? (row.publishAt && row.publishAt <= now ? row.publishAt : now);
  const wasLive = row.firstPublishedAt !== null || (row.publishAt !== null && row.publishAt <= now);
  if (wasLive && row.slug !== fields.slug) {
    await tx
      .insert(blogSlugRedirects)
      .values({ language, slug: row.slug, postId })
      .onConflictDoUpdate({
        target: [blogSlugRedirects.language, blogSlugRedirects.slug],
        set: { postId, createdAt: now },
      });
  }
  // The new address is this article's now, whoever it once pointed to.
  await tx
    .delete(blogSlugRedirects)
    .where(and(eq(blogSlugRedirects.language, language), eq(blogSlugRedirects.slug, fields.slug)));
  const firstPublishedAt = row.firstPublishedAt ?? (publishAt <= now ? publishAt : null);
  await tx
    .update(blogTranslations)
    .set({
      ...fields,
      readingMinutes: readingMinutes(fields.body),
      publishAt,
      // A scheduled first publication is dated when it goes live (posts.server.ts reads the
      // publication time while this is empty).
      firstPublishedAt,
      pending: null,
      updatedAt: now,
      updatedBy: actor.id,
      // A private link shows drafts; once published, later drafts are not its to show.
      ...NO_PREVIEW_LINK,
    })
    .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)));
  await tx.insert(blogRevisions).values({ postId, language, savedBy: actor.id, fields });
  const scheduled = publishAt > now;
  await recordAccess(tx, "content.publish", {
    actor,
    subject: `post:${postId}`,
    details: { language, slug: fields.slug, at: publishAt.toISOString(), scheduled },
  });
  await bumpContentVersion(tx);
  return { ok: true, at: publishAt.toISOString(), scheduled };
}

/** Takes a translation off the site (its text kept, as a draft); in the access log. */
export async function unpublishTranslation(
  db: Database,
  actor: Actor,
  postId: number,
  language: string,
) {
  const done = await db.transaction(async (tx) => {
    const row = await lockTranslation(tx, postId, language);
    if (!row?.publishAt) return false;
    // Held-aside changes become the draft's text: nothing typed is lost.
    const fields = row.pending
      ? { ...row.pending, body: sanitizeBody(row.pending.body) }
      : liveFields(row);
    const slugFree = !(await slugTaken(tx, language, fields.slug, postId));
    await tx
      .update(blogTranslations)
      .set({
        ...(slugFree ? fields : { ...fields, slug: row.slug }),
        readingMinutes: readingMinutes(fields.body),
        publishAt: null,
        pending: null,
        updatedAt: new Date(),
        updatedBy: actor.id,
      })
      .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)));
    await recordAccess(tx, "content.unpublish", {
      actor,
      subject: `post:${postId}`,
      details: { language, slug: row.slug },
    });
    await bumpContentVersion(tx);
    return true;
  });
  if (done) forgetContent();
  return done;
}

/**
 * Drops the changes held aside for a live translation: the editor shows the live copy again. A
 * save the same page sent before (an autosave still on its way) does not bring them back.
 */
export async function discardChanges(
  db: Database,
  postId: number,
  language: string,
  input: Record<string, unknown> = {},
) {
  const stamp = editStampOf(input);
  const rows = await db
    .update(blogTranslations)
    .set({ pending: null, editSession: stamp?.session ?? null, editSeq: stamp?.seq ?? null })
    .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)))
    .returning({ postId: blogTranslations.postId });
  return rows.length > 0;
}

/**
 * Deletes an article: its addresses answer 410 Gone and it leaves the lists, the sitemap and the
 * feeds. The rows stay (an address is never reused by surprise); in the access log.
 */
export async function deleteArticle(db: Database, actor: Actor, postId: number) {
  const done = await db.transaction(async (tx) => {
    const [post] = await tx
      .update(blogPosts)
      .set({ deletedAt: new Date(), deletedBy: actor.id })
      .where(and(eq(blogPosts.id, postId), isNull(blogPosts.deletedAt)))
      .returning({ id: blogPosts.id });
    if (!post) return false;
    await tx
      .update(blogTranslations)
      .set(NO_PREVIEW_LINK)
      .where(eq(blogTranslations.postId, postId));
    const [first] = await tx
      .select({ title: blogTranslations.title })
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, postId))
      .orderBy(sql`${blogTranslations.language} = 'pt' desc`)
      .limit(1);
    await recordAccess(tx, "content.delete", {
      actor,
      subject: `post:${postId}`,
      details: { title: first?.title ?? "" },
    });
    await bumpContentVersion(tx);
    return true;
  });
  if (done) forgetContent();
  return done;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** How long a private preview link works at most (issue 24). */
export const PREVIEW_LINK_DAYS = 14;
const PREVIEW_LINK_MS = PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000;
const NO_PREVIEW_LINK = { previewTokenHash: null, previewTokenCreatedAt: null };

function previewExpiry(hash: string | null, createdAt: Date | null, now = Date.now()) {
  if (!hash || !createdAt) return null;
  const expires = createdAt.getTime() + PREVIEW_LINK_MS;
  return expires > now ? new Date(expires).toISOString() : null;
}

/**
 * A private link to a translation's working copy, for someone without an account: the token is
 * shown once and only its hash is kept. It works for 14 days, until a new link replaces it, the
 * translation is published or the article deleted, whichever comes first: a link forwarded
 * once must not show every later draft for ever.
 */
export async function createPreviewLink(db: Database, postId: number, language: string) {
  const token = randomBytes(24).toString("base64url");
  const [row] = await db
    .update(blogTranslations)
    .set({ previewTokenHash: hashToken(token), previewTokenCreatedAt: sql`now()` })
    .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)))
    .returning({ postId: blogTranslations.postId });
  return row ? token : null;
}

/** The working copy as the public page would render it. */
async function previewOf(
  db: Database,
  where: ReturnType<typeof and>,
): Promise<{ post: Post; language: Language } | null> {
  const [row] = await db
    .select({
      ...liveFieldColumns,
      language: blogTranslations.language,
      pending: blogTranslations.pending,
      publishAt: blogTranslations.publishAt,
      firstPublishedAt: blogTranslations.firstPublishedAt,
      updatedAt: blogTranslations.updatedAt,
    })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .where(and(where, isNull(blogPosts.deletedAt)));
  if (!row || !isSupportedLanguage(row.language)) return null;
  const fields = row.pending ?? liveFields(row);
  const body = sanitizeBody(fields.body);
  const image = fields.coverImageId
    ? (
        await db
          .select({ id: images.id, hash: images.hash, width: images.width, height: images.height })
          .from(images)
          .where(eq(images.id, fields.coverImageId))
      )[0]
    : undefined;
  const date = (row.firstPublishedAt ?? row.publishAt ?? row.updatedAt).toISOString();
  return {
    language: row.language,
    post: {
      slug: fields.slug,
      title: fields.title,
      category: fields.category,
      excerpt: fields.excerpt,
      description: fields.description,
      body,
      bodyImages: await resolveBodyImages(db, body),
      readingMinutes: readingMinutes(body),
      cover: image ? { image, alt: fields.coverAlt } : null,
      publishedAt: date,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

export function previewForEditor(db: Database, postId: number, language: string) {
  return previewOf(
    db,
    and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)),
  );
}

export function previewByToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return Promise.resolve(null);
  return previewOf(
    db,
    and(
      eq(blogTranslations.previewTokenHash, hashToken(token)),
      // The database's clock, which made the link (createPreviewLink), decides its age.
      gt(
        blogTranslations.previewTokenCreatedAt,
        sql`now() - make_interval(days => ${PREVIEW_LINK_DAYS})`,
      ),
    ),
  );
}

/** A translation's revisions, newest first, with who saved each. */
export async function listRevisions(db: Database, postId: number, language: string) {
  const rows = await db
    .select({
      id: blogRevisions.id,
      savedAt: blogRevisions.savedAt,
      savedBy: user.name,
      fields: blogRevisions.fields,
    })
    .from(blogRevisions)
    .leftJoin(user, eq(user.id, blogRevisions.savedBy))
    .where(and(eq(blogRevisions.postId, postId), eq(blogRevisions.language, language)))
    .orderBy(desc(blogRevisions.savedAt), desc(blogRevisions.id));
  return rows.map((row) => ({
    id: row.id,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
    fields: { ...row.fields, body: sanitizeBody(row.fields.body) },
  }));
}

/** Makes a revision the working copy again (the editor then publishes it, or not). */
export async function restoreRevision(
  db: Database,
  actor: Actor,
  postId: number,
  language: string,
  revisionId: number,
) {
  const [revision] = await db
    .select({ fields: blogRevisions.fields })
    .from(blogRevisions)
    .where(
      and(
        eq(blogRevisions.id, revisionId),
        eq(blogRevisions.postId, postId),
        eq(blogRevisions.language, language),
      ),
    );
  if (!revision) return { ok: false as const, errors: { form: "admin.blog.errors.notFound" } };
  const fields = revision.fields;
  return saveWorkingCopy(db, actor, postId, language, {
    ...fields,
    body: JSON.stringify(fields.body),
    coverImageId: fields.coverImageId ? String(fields.coverImageId) : "",
  });
}

export interface ArticleListFilter {
  search?: string;
  state?: ArticleState;
  language?: Language;
}

/** The articles for /admin/blog: newest first, each with its languages and their states. */
export async function listArticlesForAdmin(db: Database, filter: ArticleListFilter = {}) {
  const rows = await db
    .select({
      postId: blogTranslations.postId,
      language: blogTranslations.language,
      title: blogTranslations.title,
      publishAt: blogTranslations.publishAt,
      hasPending: sql<boolean>`${blogTranslations.pending} is not null`,
      updatedAt: blogTranslations.updatedAt,
      updatedBy: user.name,
      createdAt: blogPosts.createdAt,
    })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .leftJoin(user, eq(user.id, blogTranslations.updatedBy))
    .where(isNull(blogPosts.deletedAt))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id), asc(blogTranslations.language));
  const order = languages.map((l) => l.code as string);
  const byPost = new Map<
    number,
    {
      id: number;
      title: string;
      updatedAt: Date;
      updatedBy: string | null;
      languages: { language: Language; state: ArticleState; hasPendingChanges: boolean }[];
    }
  >();
  for (const row of rows) {
    const entry = byPost.get(row.postId) ?? {
      id: row.postId,
      title: row.title,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
      languages: [],
    };
    entry.languages.push({
      language: row.language as Language,
      state: stateOf(row.publishAt),
      hasPendingChanges: row.hasPending,
    });
    if (row.updatedAt > entry.updatedAt) {
      entry.updatedAt = row.updatedAt;
      entry.updatedBy = row.updatedBy;
    }
    // The title shown is the first language's (Portuguese when it has one).
    if (row.language === "pt") entry.title = row.title;
    byPost.set(row.postId, entry);
  }
  const search = filter.search?.trim().toLowerCase();
  return [...byPost.values()]
    .map((entry) => ({
      ...entry,
      languages: entry.languages.sort(
        (a, b) => order.indexOf(a.language) - order.indexOf(b.language),
      ),
      updatedAt: entry.updatedAt.toISOString(),
    }))
    .filter(
      (entry) =>
        (!search || entry.title.toLowerCase().includes(search)) &&
        (!filter.language || entry.languages.some((l) => l.language === filter.language)) &&
        (!filter.state || entry.languages.some((l) => l.state === filter.state)),
    );
}
