import type { Language } from "#app/i18n/languages.ts";
import { agency } from "#app/utils/agency.ts";
import { pageSeoOf, pageTitle, pageUrl, seoMeta, type PageSeoInput } from "#app/utils/seo.ts";
import { IMAGE_WIDTHS, mediaSrc, type StoredImage } from "#app/features/images/media.ts";
import type { Post } from "./posts.server.ts";

/** What an article's share and search snippet are made of: the editor has these before saving. */
/** The server's i18next `t` and the browser's both fit this. */
type Translate = (key: string, values: Record<string, string>) => string;

export type ArticleSeoFields = Pick<Post, "slug" | "title" | "seoTitle" | "description" | "cover">;

/**
 * What an article's page says of itself to search engines and link previews. Its search title,
 * when she wrote one, is used as she wrote it (she chose its every character, up to the length
 * results show); otherwise the title, named for the agency like every page's.
 */
/**
 * The cover as shared: its widest variant up to 1440 px. A picture narrower than that is kept
 * only at its own width (media.ts, variantWidths), so asking for 1440 would be a 404.
 */
const shareImage = (image: StoredImage) =>
  mediaSrc(image, Math.min(image.width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!), "webp");

export function articleSeo(post: ArticleSeoFields, t: Translate): PageSeoInput {
  return {
    title: post.seoTitle || pageTitle(post.title),
    description: post.description,
    path: `/blog/${post.slug}`,
    type: "article",
    image: post.cover
      ? {
          src: shareImage(post.cover.image),
          // A cover without a description (optional in the editor) is named for its article.
          alt: post.cover.alt || t("meta.coverImageAlt", { title: post.title }),
        }
      : undefined,
  };
}

/** A link preview as a social network draws it from the page's Open Graph tags. */
export interface ShareCard {
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  /** The address's host, as the card names the site. */
  host: string;
}

/**
 * The share card of the article's page in this language, read from the very tags the page will
 * carry (articleSeo, then seoMeta): the editor's preview of it cannot say anything else.
 */
export function articleShareCard(
  post: ArticleSeoFields,
  { origin, language, t }: { origin: string; language: Language; t: Translate },
): ShareCard {
  const tags = seoMeta(
    pageSeoOf(articleSeo(post, t), {
      origin,
      language,
      languageInUrl: true,
      defaultImageAlt: t("meta.shareImageAlt", {}),
    }),
  );
  const og = (property: string) => {
    const tag = tags.find((tag) => "property" in tag && tag.property === property);
    return tag && "content" in tag ? String(tag.content) : "";
  };
  return {
    title: og("og:title"),
    description: og("og:description"),
    image: og("og:image"),
    imageAlt: og("og:image:alt"),
    host: new URL(og("og:url")).host,
  };
}

/** The article's structured data (schema.org Article) for search engines. */
export function articleJsonLd(
  post: Post,
  { origin, language }: { origin: string; language: Language },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.description,
    inLanguage: language,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    articleSection: post.category,
    ...(post.cover ? { image: `${origin}${shareImage(post.cover.image)}` } : {}),
    mainEntityOfPage: pageUrl(origin, `/blog/${post.slug}`, language),
    author: { "@type": "Organization", name: agency.name, url: origin },
    publisher: {
      "@type": "Organization",
      name: agency.name,
      logo: { "@type": "ImageObject", url: `${origin}/logo.svg` },
    },
  };
}
