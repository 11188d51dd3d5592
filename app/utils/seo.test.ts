import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { languages } from "#app/i18n/languages.ts";
import { agency } from "./agency.ts";
import { pageTitle, pageUrl, seoMeta, type PageSeo } from "./seo.ts";

const origin = "https://maretalent.com.br";
const base: PageSeo = {
  title: "Blog | Maré Talent",
  description: "Practical advice for online content creators.",
  origin,
  path: "/blog",
  language: "es",
  languageInUrl: true,
  imageAlt: "El nombre y el logotipo de Maré Talent sobre olas",
};

type Tag = Record<string, unknown>;
const tags = (seo: PageSeo) => seoMeta(seo) as Tag[];
const property = (meta: MetaDescriptor[], name: string) =>
  (meta as Tag[]).filter((m) => m.property === name).map((m) => m.content);

describe("pageUrl", () => {
  it("adds ?lang= only when a language is given", () => {
    expect(pageUrl(origin, "/blog", "de")).toBe("https://maretalent.com.br/blog?lang=de");
    expect(pageUrl(origin, "/blog")).toBe("https://maretalent.com.br/blog");
    expect(pageUrl(origin, "/", "pt")).toBe("https://maretalent.com.br/?lang=pt");
  });
});

describe("pageTitle", () => {
  it('formats "Page | Maré Talent"', () => {
    expect(pageTitle("Blog")).toBe(`Blog | ${agency.name}`);
  });
});

describe("seoMeta", () => {
  it("sets the title and the description exactly once", () => {
    const meta = tags(base);
    expect(meta.filter((m) => "title" in m)).toEqual([{ title: base.title }]);
    expect(meta.filter((m) => m.name === "description")).toEqual([
      { name: "description", content: base.description },
    ]);
  });

  it("makes the bare path, where the server picks the language, its own canonical", () => {
    const canonical = tags({ ...base, languageInUrl: false }).filter((m) => m.rel === "canonical");
    expect(canonical).toEqual([
      { tagName: "link", rel: "canonical", href: "https://maretalent.com.br/blog" },
    ]);
    expect(property(seoMeta({ ...base, languageInUrl: false }), "og:url")).toEqual([
      "https://maretalent.com.br/blog",
    ]);
  });

  it("points the canonical URL at this language's ?lang= version", () => {
    const canonical = tags(base).filter((m) => m.rel === "canonical");
    expect(canonical).toEqual([
      { tagName: "link", rel: "canonical", href: "https://maretalent.com.br/blog?lang=es" },
    ]);
    for (const { code } of languages) {
      const href = tags({ ...base, language: code }).find((m) => m.rel === "canonical")!.href;
      expect(href).toBe(`https://maretalent.com.br/blog?lang=${code}`);
    }
  });

  it("links an alternate for every language plus x-default on the bare path", () => {
    const alternates = tags(base).filter((m) => m.rel === "alternate");
    expect(alternates.map((m) => m.hrefLang)).toEqual([
      ...languages.map((l) => l.code),
      "x-default",
    ]);
    for (const alternate of alternates) expect(alternate.tagName).toBe("link");
    for (const { code } of languages) {
      expect(alternates.find((m) => m.hrefLang === code)!.href).toBe(
        `https://maretalent.com.br/blog?lang=${code}`,
      );
    }
    expect(alternates.find((m) => m.hrefLang === "x-default")!.href).toBe(
      "https://maretalent.com.br/blog",
    );
  });

  it("lists the same alternates whatever the page's language", () => {
    const alternatesIn = (language: PageSeo["language"]) =>
      tags({ ...base, language }).filter((m) => m.rel === "alternate");
    expect(alternatesIn("pt")).toEqual(alternatesIn("sv"));
  });

  it("includes the page's own language among the alternates (self-reference)", () => {
    const meta = tags(base);
    const canonical = meta.find((m) => m.rel === "canonical")!.href;
    expect(meta.find((m) => m.rel === "alternate" && m.hrefLang === "es")!.href).toBe(canonical);
  });

  it("sets the Open Graph tags", () => {
    const meta = seoMeta(base);
    expect(property(meta, "og:site_name")).toEqual([agency.name]);
    expect(property(meta, "og:type")).toEqual(["website"]);
    expect(property(meta, "og:title")).toEqual([base.title]);
    expect(property(meta, "og:description")).toEqual([base.description]);
    expect(property(meta, "og:url")).toEqual(["https://maretalent.com.br/blog?lang=es"]);
    expect(property(meta, "og:image")).toEqual(["https://maretalent.com.br/images/og-default.jpg"]);
    expect(property(meta, "og:locale")).toEqual(["es_ES"]);
    expect((meta as Tag[]).find((m) => m.name === "twitter:card")?.content).toBe(
      "summary_large_image",
    );
  });

  it("describes the share image for Open Graph and X alike", () => {
    const meta = seoMeta(base) as Tag[];
    expect(property(meta, "og:image:alt")).toEqual([base.imageAlt]);
    expect(meta.filter((m) => m.name === "twitter:image:alt").map((m) => m.content)).toEqual([
      base.imageAlt,
    ]);
  });

  it("uses the article type and an absolute custom image when given", () => {
    const meta = seoMeta({
      ...base,
      path: "/blog/security-and-anonymity",
      type: "article",
      image: "/images/blog/security-and-anonymity.jpg",
    });
    expect(property(meta, "og:type")).toEqual(["article"]);
    expect(property(meta, "og:image")).toEqual([
      "https://maretalent.com.br/images/blog/security-and-anonymity.jpg",
    ]);
    expect(property(meta, "og:url")).toEqual([
      "https://maretalent.com.br/blog/security-and-anonymity?lang=es",
    ]);
  });

  it("gives each language a valid og:locale", () => {
    const expected = {
      pt: "pt_BR",
      es: "es_ES",
      en: "en_GB",
      it: "it_IT",
      de: "de_DE",
      sv: "sv_SE",
    };
    for (const { code } of languages) {
      expect(property(seoMeta({ ...base, language: code }), "og:locale")).toEqual([expected[code]]);
    }
  });

  it("makes every URL absolute on the given origin", () => {
    for (const m of tags(base)) {
      for (const value of [
        m.href,
        m.property === "og:url" || m.property === "og:image" ? m.content : undefined,
      ]) {
        if (typeof value === "string") expect(value.startsWith(`${origin}/`)).toBe(true);
      }
    }
  });
});
