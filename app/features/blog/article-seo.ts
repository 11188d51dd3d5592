import type { Language } from "#app/i18n/languages.ts";
import { agency } from "#app/utils/agency.ts";
import { pageUrl } from "#app/utils/seo.ts";
import { mediaSrc } from "#app/features/images/media.ts";
import type { Post } from "./posts.server.ts";

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
    ...(post.cover ? { image: `${origin}${mediaSrc(post.cover.image, 1440, "webp")}` } : {}),
    mainEntityOfPage: pageUrl(origin, `/blog/${post.slug}`, language),
    author: { "@type": "Organization", name: agency.name, url: origin },
    publisher: {
      "@type": "Organization",
      name: agency.name,
      logo: { "@type": "ImageObject", url: `${origin}/logo.svg` },
    },
  };
}
