import type { Language } from "#app/i18n/languages.ts";

/** One block of an article, as the spec models it: a heading or a paragraph. */
export interface PostBlock {
  tag: "p" | "h2";
  text: string;
}

interface PostTranslation {
  category: string;
  title: string;
  excerpt: string;
  description: string;
  content: PostBlock[];
}

export interface PostSummary {
  slug: string;
  publishedAt: string;
  category: string;
  title: string;
  excerpt: string;
  readingMinutes: number;
  cover: string;
}

export interface Post extends PostSummary {
  description: string;
  updatedAt: string;
  content: PostBlock[];
}

// The articles, newest first. Text lives in content/<slug>/<language>.json.
const catalogue = [
  {
    slug: "turning-followers-into-paying-fans",
    publishedAt: "2026-11-10",
    updatedAt: "2026-11-10",
  },
  { slug: "common-beginner-mistakes", publishedAt: "2026-10-27", updatedAt: "2026-10-27" },
  { slug: "5-tips-to-increase-subscriptions", publishedAt: "2026-10-13", updatedAt: "2026-10-20" },
  { slug: "security-and-anonymity", publishedAt: "2026-09-29", updatedAt: "2026-10-06" },
] as const;

const translations = import.meta.glob<PostTranslation>("./content/*/*.json", {
  eager: true,
  import: "default",
});

const WORDS_PER_MINUTE = 200;

function translationOf(slug: string, language: Language): PostTranslation {
  const translation = translations[`./content/${slug}/${language}.json`];
  if (!translation) throw new Error(`Blog post ${slug} has no ${language} translation`);
  return translation;
}

function summarise(entry: (typeof catalogue)[number], language: Language): Post {
  const text = translationOf(entry.slug, language);
  const words = text.content.reduce((sum, block) => sum + block.text.split(/\s+/).length, 0);
  return {
    ...entry,
    ...text,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    cover: `/images/blog/${entry.slug}`,
  };
}

// The articles only change with a release: summarise each language once.
const summaries = new Map<Language, PostSummary[]>();

export function listPosts(language: Language, limit?: number): PostSummary[] {
  let all = summaries.get(language);
  if (!all) {
    all = catalogue.map((entry) => {
      const {
        description: _d,
        updatedAt: _u,
        content: _c,
        ...summary
      } = summarise(entry, language);
      return summary;
    });
    summaries.set(language, all);
  }
  return all.slice(0, limit);
}

/** The post with exactly this slug, or null. Only known slugs match: nothing else reaches the files. */
export function getPost(slug: string, language: Language): Post | null {
  const entry = catalogue.find((post) => post.slug === slug);
  return entry ? summarise(entry, language) : null;
}

export function allPostSlugs(): { slug: string; updatedAt: string }[] {
  return catalogue.map(({ slug, updatedAt }) => ({ slug, updatedAt }));
}
