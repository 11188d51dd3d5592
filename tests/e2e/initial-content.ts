import { asc } from "drizzle-orm";
import { openDatabase } from "#app/db/db.server.ts";
import { blogTranslations, homeItems } from "#app/db/schema.server.ts";
import type { Lang, Slug } from "./fixtures.ts";

/**
 * The content a new site starts with (migration 0012: four articles, the FAQ, the testimonials),
 * read as the migrations write it into an empty database: what a test expects a fresh server to
 * show. Opened once per worker, when a test first asks.
 */
export interface PostText {
  category: string;
  title: string;
  excerpt: string;
  description: string;
}

interface InitialContent {
  posts: Map<string, PostText>;
  faq: Map<Lang, { question: string; answer: string }[]>;
  testimonials: Map<Lang, { quote: string; name: string; role: string }[]>;
}

let loading: Promise<InitialContent> | undefined;

function initialContent(): Promise<InitialContent> {
  loading ??= (async () => {
    const handle = openDatabase({ dataDir: "memory://", purpose: "the tests' initial content" });
    try {
      await handle.migrate();
      const posts = await handle.db.select().from(blogTranslations);
      const items = await handle.db
        .select()
        .from(homeItems)
        .orderBy(asc(homeItems.position), asc(homeItems.id));
      const content: InitialContent = {
        posts: new Map(posts.map((row) => [`${row.slug}/${row.language}`, row])),
        faq: new Map(),
        testimonials: new Map(),
      };
      for (const item of items) {
        const lang = item.language as Lang;
        if (item.kind === "faq") {
          const list = content.faq.get(lang) ?? [];
          content.faq.set(lang, [...list, { question: item.title, answer: item.body }]);
        } else {
          const list = content.testimonials.get(lang) ?? [];
          const testimonial = { quote: item.body, name: item.title, role: item.subtitle };
          content.testimonials.set(lang, [...list, testimonial]);
        }
      }
      return content;
    } finally {
      await handle.close();
    }
  })();
  return loading;
}

/** An article's texts in a language, as a fresh site has them. */
export async function post(slug: Slug, lang: Lang): Promise<PostText> {
  const text = (await initialContent()).posts.get(`${slug}/${lang}`);
  if (!text) throw new Error(`no initial article ${slug} in ${lang}`);
  return text;
}

/** The FAQ of a language, in order, as a fresh site has it. */
export async function faq(lang: Lang) {
  return (await initialContent()).faq.get(lang) ?? [];
}

/** The testimonials of a language, in order, as a fresh site has them. */
export async function testimonials(lang: Lang) {
  return (await initialContent()).testimonials.get(lang) ?? [];
}
