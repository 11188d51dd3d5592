import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
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
import { missingToPublish } from "./publish-requirements.ts";
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
  seoTitle: text(LIMITS.seoTitle, false),
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

/** What publishing needs beyond a draft's (publish-requirements.ts), as the fields' errors. */
function missingForPublishing(fields: BlogTranslationFields): FieldErrors<TranslationField> {
  const errors: FieldErrors<TranslationField> = {};
  for (const name of missingToPublish(fields)) errors[name] = "admin.blog.errors.requiredToPublish";
  // An image says what it shows to those who cannot see it: a draft may wait, the site not.
  if (!errors.body && bodyImages(sanitizeBody(fields.body)).some((image) => !image.attrs.alt)) {
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
  seoTitle: blogTranslations.seoTitle,
  category: blogTranslations.category,
  excerpt: blogTranslations.excerpt,
  description: blogTranslations.description,
  body: blogTranslations.body,
  coverImageId: blogTranslations.coverImageId,
  coverAlt: blogTranslations.coverAlt,
};

/**
 * A working copy or revision kept as JSON, as the editor reads it: its body made safe, and the
 * fields added since it was stored given their empty value.
 */
function storedFields(json: BlogTranslationFields): BlogTranslationFields {
  return { ...json, seoTitle: json.seoTitle ?? "", body: sanitizeBody(json.body) };
}

function liveFields(row: Record<keyof typeof liveFieldColumns, unknown>): BlogTranslationFields {
  return {
    slug: row.slug as string,
    title: row.title as string,
    seoTitle: row.seoTitle as string,
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

/**
 * What a translation says, as one hash: the fields a translator follows (not the address, which
 * each language has its own). Computed by the database from the columns themselves, so the
 * same content gives the same hash on PostgreSQL and PGlite (decision 041).
 */
type Hashed = Record<
  | "title"
  | "category"
  | "excerpt"
  | "description"
  | "body"
  | "coverImageId"
  | "coverAlt"
  | "pending",
  AnyPgColumn
>;

function contentHashOf(t: Hashed) {
  return sql<string>`md5(jsonb_build_array(${t.title}, ${t.category}, ${t.excerpt}, ${t.description}, ${t.body}, ${t.coverImageId}, ${t.coverAlt})::text)`;
}

/** The same hash of the working copy: the changes held aside when there are some. */
function workingHashOf(t: Hashed) {
  const p = (key: keyof BlogTranslationFields) => sql`${t.pending} -> ${sql.raw(`'${key}'`)}`;
  return sql<string>`case when ${t.pending} is null then ${contentHashOf(t)} else md5(jsonb_build_array(${p("title")}, ${p("category")}, ${p("excerpt")}, ${p("description")}, ${p("body")}, ${p("coverImageId")}, ${p("coverAlt")})::text) end`;
}

/** The translation a translation follows (joined on its `sourceLanguage`). */
const source = alias(blogTranslations, "source");
const joinSource = and(
  eq(source.postId, blogTranslations.postId),
  eq(source.language, blogTranslations.sourceLanguage),
);

/**
 * Out of date: its source has a publication whose content differs from what this translation
 * was last brought up to date with. A source still a draft has published nothing to follow.
 */
const outOfDate = sql<boolean>`coalesce(${source.publishAt} is not null and ${blogTranslations.sourceHash} is distinct from ${contentHashOf(source)}, false)`;

/** Records that a translation follows its source's live content as it is now. */
async function markFollowing(tx: Tx, postId: number, language: string) {
  const [row] = await tx
    .select({ hash: contentHashOf(source) })
    .from(blogTranslations)
    .innerJoin(source, joinSource)
    .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)));
  if (!row) return false;
  await tx
    .update(blogTranslations)
    .set({ sourceHash: row.hash })
    .where(and(eq(blogTranslations.postId, postId), eq(blogTranslations.language, language)));
  return true;
}

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

const translationStart = z.object({
  language: z.string().refine(isSupportedLanguage, "admin.blog.errors.language"),
  /** The language whose working copy it starts from; empty: an empty draft. */
  from: z
    .string()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isSupportedLanguage(value), "admin.blog.errors.source"),
  title: text(LIMITS.title, false),
});

/**
 * A translation into another language, a draft. Started from another language, it is a copy of
 * that one's working copy (body, metadata, cover; the title unless she typed one) to translate in
 * place, and it follows that language from then on; started empty, it keeps only the cover.
 * Nothing is stored when anything is refused.
 */
export async function addTranslation(
  db: Database,
  actor: Actor,
  postId: number,
  input: Record<string, unknown>,
) {
  const parsed = translationStart.safeParse(input);
  if (!parsed.success) return { ok: false as const, errors: fieldErrorsOf(parsed.error) };
  const { language, from } = parsed.data;
  if (!from && !parsed.data.title) {
    return { ok: false as const, errors: { title: "admin.blog.errors.required" } };
  }
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, postId), isNull(blogPosts.deletedAt)));
    if (!post) return { ok: false as const, errors: { form: "admin.blog.errors.notFound" } };
    const existing = await tx
      .select({
        ...liveFieldColumns,
        language: blogTranslations.language,
        pending: blogTranslations.pending,
        workingHash: workingHashOf(blogTranslations),
      })
      .from(blogTranslations)
      .where(eq(blogTranslations.postId, postId));
    if (existing.some((row) => row.language === language)) {
      return { ok: false as const, errors: { language: "admin.blog.errors.languageExists" } };
    }
    const origin = from ? existing.find((row) => row.language === from) : undefined;
    if (from && !origin) {
      return { ok: false as const, errors: { from: "admin.blog.errors.sourceMissing" } };
    }
    const copied = origin
      ? origin.pending
        ? { ...origin.pending, body: sanitizeBody(origin.pending.body) }
        : liveFields(origin)
      : null;
    const title = parsed.data.title || copied!.title;
    await tx.insert(blogTranslations).values({
      postId,
      language,
      slug: await freeSlug(tx, language, title),
      title,
      category: copied?.category ?? "",
      excerpt: copied?.excerpt ?? "",
      description: copied?.description ?? "",
      body: copied?.body ?? { type: "doc", content: [] },
      readingMinutes: copied ? readingMinutes(copied.body) : 1,
      coverImageId: copied ? copied.coverImageId : (existing[0]?.coverImageId ?? null),
      coverAlt: copied?.coverAlt ?? "",
      // What it was copied from is what it is up to date with.
      sourceLanguage: origin?.language ?? null,
      sourceHash: origin?.workingHash ?? null,
      updatedBy: actor.id,
    });
    return { ok: true as const, language: language as Language };
  });
}

/**
 * "Mark as current": the translation follows its source's live content as it is now, without
 * being published again (the change did not need translating). Refused for a translation that
 * follows no other language.
 */
export async function markTranslationCurrent(db: Database, postId: number, language: string) {
  return db.transaction(async (tx) => {
    const row = await lockTranslation(tx, postId, language);
    if (!row) return { ok: false as const, errors: { form: "admin.blog.errors.notFound" } };
    if (!(await markFollowing(tx, postId, language))) {
      return { ok: false as const, errors: { form: "admin.blog.errors.noSource" } };
    }
    return { ok: true as const };
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
  /** The language it was translated from, if any (decision 041). */
  sourceLanguage: Language | null;
  /** That language has published other content since this one was last brought up to date. */
  outOfDate: boolean;
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
      sourceLanguage: blogTranslations.sourceLanguage,
      outOfDate,
    })
    .from(blogTranslations)
    .leftJoin(user, eq(user.id, blogTranslations.updatedBy))
    .leftJoin(source, joinSource)
    .where(eq(blogTranslations.postId, id));
  const order = languages.map((l) => l.code as string);
  const sorted = rows.sort((a, b) => order.indexOf(a.language) - order.indexOf(b.language));
  const translations: TranslationView[] = await Promise.all(
    sorted.map(async (row) => {
      const live = liveFields(row);
      const working = row.pending ? storedFields(row.pending) : live;
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
        sourceLanguage: sourceLanguageOf(row.sourceLanguage),
        outOfDate: row.outOfDate,
      };
    }),
  );
  return { id: post.id, translations };
}

const sourceLanguageOf = (code: string | null) =>
  code !== null && isSupportedLanguage(code) ? code : null;

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
  | {
      ok: true;
      savedAt: string;
      /** Held aside for a live translation (`pending`) rather than written in place. */
      heldAside: boolean;
    }
  | { ok: false; errors: FieldErrors<TranslationField | "form"> };

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
  if (!isLatestEdit(stamp, row)) {
    return { ok: true, savedAt: row.updatedAt.toISOString(), heldAside: row.pending !== null };
  }
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
  return { ok: true, savedAt: now.toISOString(), heldAside: row.publishAt !== null };
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
 * transaction, so no other write can come between the two. A refused field stores nothing; a
 * publication refused for what it lacks still keeps her text as the draft (she is told so).
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
      // Refused for what publishing needs: what she wrote is kept as the draft all the same
      // (publishIn refuses before it writes anything).
      if (!published.ok) return { ...published, refusedAt: "publish", savedAt: saved.savedAt };
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

/** Refused by the save (nothing stored), or by publishing (her draft saved at `savedAt`). */
type Refusal = Extract<PublishResult, { ok: false }> &
  ({ refusedAt: "save"; savedAt?: undefined } | { refusedAt: "publish"; savedAt: string });

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
  const fields = row.pending ? storedFields(row.pending) : liveFields(row);
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
  // Published, a translation is up to date with what its source has published by now.
  await markFollowing(tx, postId, language);
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
  return (await takeOffSite(db, actor, postId, language)) !== null;
}

/**
 * The same, answering what it was before (published, or scheduled: a cancelled schedule), or
 * null when it was neither.
 */
export async function takeOffSite(
  db: Database,
  actor: Actor,
  postId: number,
  language: string,
): Promise<Exclude<ArticleState, "draft"> | null> {
  const done = await db.transaction(async (tx) => {
    const row = await lockTranslation(tx, postId, language);
    if (!row?.publishAt) return null;
    const was = stateOf(row.publishAt) as Exclude<ArticleState, "draft">;
    // Held-aside changes become the draft's text: nothing typed is lost.
    const fields = row.pending ? storedFields(row.pending) : liveFields(row);
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
    return was;
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
  const fields = row.pending ? storedFields(row.pending) : liveFields(row);
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
      seoTitle: fields.seoTitle,
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
    fields: storedFields(row.fields),
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
      sourceLanguage: blogTranslations.sourceLanguage,
      outOfDate,
    })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .leftJoin(user, eq(user.id, blogTranslations.updatedBy))
    .leftJoin(source, joinSource)
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
      languages: {
        language: Language;
        state: ArticleState;
        hasPendingChanges: boolean;
        /** The language it follows when that one has published changes since (decision 041). */
        outOfDateWith: Language | null;
      }[];
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
      outOfDateWith: row.outOfDate ? sourceLanguageOf(row.sourceLanguage) : null,
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
