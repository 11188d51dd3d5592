import { and, desc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { blogPosts, blogSlugRedirects, blogTranslations, images } from "#app/db/schema.server.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { memoized } from "#app/features/content/content-version.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import { sanitizeBody, type Body, type ResolvedImage } from "./body.ts";
import { resolveBodyImages } from "./body-images.server.ts";
import { isSlug } from "./slug.ts";

/**
 * The articles as the public pages read them: live translations only (published, the post not
 * deleted). What an editor does to them is in editor.server.ts.
 */

export interface Cover {
  image: StoredImage;
  /** Empty when the image only decorates (the title beside it says what the article is). */
  alt: string;
}

export interface PostSummary {
  slug: string;
  /** ISO time it first went live: the article's date. */
  publishedAt: string;
  category: string;
  title: string;
  excerpt: string;
  readingMinutes: number;
  cover: Cover | null;
}

export interface Post extends PostSummary {
  /** The title of search results and shares, when it differs from the page's (empty: the same). */
  seoTitle: string;
  description: string;
  updatedAt: string;
  body: Body;
  /** The stored images the body shows (absent: it shows none). */
  bodyImages?: ResolvedImage[];
}

/** The languages an article exists in, with its address in each. */
export type Alternates = { language: Language; slug: string }[];

const isLive = and(
  isNotNull(blogTranslations.publishAt),
  lte(blogTranslations.publishAt, sql`now()`),
  isNull(blogPosts.deletedAt),
);

const summaryColumns = {
  postId: blogTranslations.postId,
  slug: blogTranslations.slug,
  publishedAt: sql<string>`coalesce(${blogTranslations.firstPublishedAt}, ${blogTranslations.publishAt})`,
  category: blogTranslations.category,
  title: blogTranslations.title,
  excerpt: blogTranslations.excerpt,
  readingMinutes: blogTranslations.readingMinutes,
  coverAlt: blogTranslations.coverAlt,
  imageId: images.id,
  imageHash: images.hash,
  imageWidth: images.width,
  imageHeight: images.height,
};

const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(row: SummaryRow): PostSummary {
  const image =
    row.imageId !== null && row.imageHash !== null
      ? { id: row.imageId, hash: row.imageHash, width: row.imageWidth!, height: row.imageHeight! }
      : null;
  return {
    slug: row.slug,
    publishedAt: iso(row.publishedAt),
    category: row.category,
    title: row.title,
    excerpt: row.excerpt,
    readingMinutes: row.readingMinutes,
    cover: image ? { image, alt: row.coverAlt } : null,
  };
}

const listColumns = {
  ...summaryColumns,
  description: blogTranslations.description,
  updatedAt: blogTranslations.updatedAt,
};

/** Translations joined to their post and cover (the article page adds the body). */
function liveTranslations(db: Database) {
  return db
    .select(listColumns)
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .leftJoin(images, eq(images.id, blogTranslations.coverImageId));
}

function liveArticles(db: Database) {
  return db
    .select({ ...listColumns, seoTitle: blogTranslations.seoTitle, body: blogTranslations.body })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .leftJoin(images, eq(images.id, blogTranslations.coverImageId));
}

type SummaryRow = Awaited<ReturnType<typeof liveTranslations>>[number];

/** The live articles of a language, newest first; read once until the content changes. */
export async function listPosts(
  db: Database,
  language: Language,
  limit?: number,
): Promise<PostSummary[]> {
  const all = await memoized(db, `blog:list:${language}`, async () => {
    const rows = await liveTranslations(db)
      .where(and(isLive, eq(blogTranslations.language, language)))
      .orderBy(desc(summaryColumns.publishedAt), desc(blogTranslations.postId));
    return rows.map(summaryOf);
  });
  return all.slice(0, limit);
}

/** What the address /blog/<slug> shows a visitor reading in `language`. */
export type ArticleLookup =
  | { kind: "post"; post: Post; alternates: Alternates }
  /** The article exists in her language at another address (a changed slug, another language's). */
  | { kind: "moved"; slug: string; permanent: boolean }
  /** The article exists, but not in her language: the languages it is in. */
  | { kind: "elsewhere"; alternates: Alternates }
  | { kind: "gone" }
  | { kind: "missing" };

async function alternatesOf(db: Database, postId: number): Promise<Alternates> {
  const rows = await db
    .select({ language: blogTranslations.language, slug: blogTranslations.slug })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .where(and(isLive, eq(blogTranslations.postId, postId)));
  const order = languages.map((l) => l.code as string);
  return rows
    .filter((row) => order.includes(row.language))
    .sort((a, b) => order.indexOf(a.language) - order.indexOf(b.language))
    .map((row) => ({ language: row.language as Language, slug: row.slug }));
}

export async function findArticle(
  db: Database,
  slug: string,
  language: Language,
): Promise<ArticleLookup> {
  if (!isSlug(slug)) return { kind: "missing" };
  const where = and(
    isLive,
    eq(blogTranslations.language, language),
    eq(blogTranslations.slug, slug),
  );
  const [own] = await liveArticles(db).where(where).limit(1);
  if (own) {
    const body = sanitizeBody(own.body);
    const post: Post = {
      ...summaryOf(own),
      seoTitle: own.seoTitle,
      description: own.description,
      updatedAt: iso(own.updatedAt),
      body,
      bodyImages: await resolveBodyImages(db, body),
    };
    return { kind: "post", post, alternates: await alternatesOf(db, own.postId) };
  }

  // Another language's address of an article, or an address an article had before.
  const [other] = await db
    .select({ postId: blogTranslations.postId, deletedAt: blogPosts.deletedAt })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .where(
      and(
        eq(blogTranslations.slug, slug),
        // Live in another language, or an article that was public before it was deleted: a
        // draft's or a scheduled article's address says nothing before its time.
        or(
          isLive,
          and(isNotNull(blogPosts.deletedAt), isNotNull(blogTranslations.firstPublishedAt)),
        ),
      ),
    )
    .orderBy(sql`${blogTranslations.language} = ${language} desc`)
    .limit(1);
  const [former] = other
    ? []
    : await db
        .select({ postId: blogSlugRedirects.postId, deletedAt: blogPosts.deletedAt })
        .from(blogSlugRedirects)
        .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
        .where(eq(blogSlugRedirects.slug, slug))
        .orderBy(sql`${blogSlugRedirects.language} = ${language} desc`)
        .limit(1);
  const found = other ?? former;
  if (!found) return { kind: "missing" };
  if (found.deletedAt) return { kind: "gone" };
  const alternates = await alternatesOf(db, found.postId);
  if (!alternates.length) return { kind: "missing" };
  const mine = alternates.find((alternate) => alternate.language === language);
  if (mine) return { kind: "moved", slug: mine.slug, permanent: Boolean(former) };
  return { kind: "elsewhere", alternates };
}

/** Every live article's addresses and last change, for the sitemap. */
export async function sitemapArticles(db: Database) {
  const rows = await db
    .select({
      postId: blogTranslations.postId,
      language: blogTranslations.language,
      slug: blogTranslations.slug,
      updatedAt: blogTranslations.updatedAt,
    })
    .from(blogTranslations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogTranslations.postId))
    .where(isLive)
    .orderBy(desc(blogTranslations.postId));
  const byPost = new Map<number, { language: Language; slug: string; updatedAt: string }[]>();
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push({
      language: row.language as Language,
      slug: row.slug,
      updatedAt: iso(row.updatedAt),
    });
    byPost.set(row.postId, list);
  }
  const order = languages.map((l) => l.code as string);
  return [...byPost.values()].map((translations) =>
    translations.sort((a, b) => order.indexOf(a.language) - order.indexOf(b.language)),
  );
}

/** A language's live articles with their description, newest first, for its feed. */
export async function feedArticles(db: Database, language: Language, limit = 20) {
  const rows = await liveTranslations(db)
    .where(and(isLive, eq(blogTranslations.language, language)))
    .orderBy(desc(summaryColumns.publishedAt), desc(blogTranslations.postId))
    .limit(limit);
  return rows.map((row) => ({
    ...summaryOf(row),
    description: row.description,
    updatedAt: iso(row.updatedAt),
  }));
}
