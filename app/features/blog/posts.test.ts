import { describe, expect, it } from "vitest";
import { languages } from "#app/i18n/languages.ts";
import { allPostSlugs, getPost, listPosts } from "./posts.server.ts";

const codes = languages.map((l) => l.code);
const slugs = [
  "turning-followers-into-paying-fans",
  "common-beginner-mistakes",
  "5-tips-to-increase-subscriptions",
  "security-and-anonymity",
];

function wordCount(text: string) {
  return text.split(/\s+/).filter(Boolean).length;
}

describe("listPosts", () => {
  it.each(codes)("returns the 4 posts newest first in %s", (language) => {
    const posts = listPosts(language);
    expect(posts.map((p) => p.slug)).toEqual(slugs);
    const dates = posts.map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(dates.length);
    for (const post of posts) {
      expect(post.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.cover).toBe(`/images/blog/${post.slug}`);
    }
  });

  it("returns summaries in the requested language, not the full article", () => {
    const [pt] = listPosts("pt");
    const [en] = listPosts("en");
    expect(pt!.title).not.toBe(en!.title);
    expect(pt).not.toHaveProperty("content");
    expect(pt).not.toHaveProperty("description");
  });

  it.each([
    [0, 0],
    [1, 1],
    [3, 3],
    [4, 4],
    [10, 4],
  ])("limit %i gives %i posts", (limit, count) => {
    const posts = listPosts("pt", limit);
    expect(posts).toHaveLength(count);
    expect(posts.map((p) => p.slug)).toEqual(slugs.slice(0, count));
  });

  it("lists the same slugs as allPostSlugs", () => {
    expect(allPostSlugs().map((p) => p.slug)).toEqual(slugs);
    for (const { updatedAt, slug } of allPostSlugs()) {
      expect(updatedAt >= getPost(slug, "pt")!.publishedAt).toBe(true);
    }
  });
});

describe("getPost", () => {
  it.each(codes.flatMap((language) => slugs.map((slug) => [slug, language] as const)))(
    "finds %s in %s",
    (slug, language) => {
      const post = getPost(slug, language);
      expect(post).not.toBeNull();
      expect(post!.slug).toBe(slug);
      const summary = listPosts(language).find((p) => p.slug === slug);
      expect(summary!.title).toBe(post!.title);
    },
  );

  it("serves each language's own text", () => {
    for (const slug of slugs) {
      const titles = codes.map((language) => getPost(slug, language)!.title);
      expect(new Set(titles).size).toBe(codes.length);
    }
  });

  it.each([
    "unknown",
    "",
    "../",
    "..",
    "../pt",
    "./content/security-and-anonymity/pt.json",
    "security-and-anonymity/../common-beginner-mistakes",
    "%2e%2e",
    "%2e%2e%2fsecurity-and-anonymity",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "SECURITY-AND-ANONYMITY",
    "Security-And-Anonymity",
    "Common-Beginner-Mistakes",
    "5-TIPS-TO-INCREASE-SUBSCRIPTIONS",
    " security-and-anonymity",
    "security-and-anonymity ",
    "security-and-anonymity/",
    "security-and-anonymity\0",
  ])("returns null for %j", (slug) => {
    for (const language of codes) expect(getPost(slug, language)).toBeNull();
  });
});

describe("article content", () => {
  const cases = codes.flatMap((language) => slugs.map((slug) => [slug, language] as const));

  it.each(cases)("%s (%s) is complete and well formed", (slug, language) => {
    const post = getPost(slug, language)!;
    for (const field of ["category", "title", "excerpt", "description"] as const) {
      expect(typeof post[field], field).toBe("string");
      expect(post[field].trim(), field).not.toBe("");
    }
    expect(post.description.length).toBeLessThanOrEqual(170);

    expect(post.content.length).toBeGreaterThan(0);
    for (const block of post.content) {
      expect(["p", "h2"]).toContain(block.tag);
      expect(typeof block.text).toBe("string");
      expect(block.text.trim()).not.toBe("");
      // Plain text only: no HTML or markdown.
      expect(block.text).not.toMatch(/<[a-z/!]|^#|\*\*/i);
    }
    expect(post.content[0]!.tag).toBe("p");
    expect(post.content.filter((b) => b.tag === "h2").length).toBeGreaterThanOrEqual(3);

    const words = post.content.reduce((sum, b) => sum + wordCount(b.text), 0);
    expect(words).toBeGreaterThanOrEqual(600);

    expect(Number.isInteger(post.readingMinutes)).toBe(true);
    expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
  });
});
