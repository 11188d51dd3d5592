import type { MetaDescriptor } from "react-router";
import { languages, type Language } from "#app/i18n/languages.ts";
import { agency } from "./agency.ts";

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute origin, e.g. https://maretalent.com.br */
  origin: string;
  /** Path of the page without query, e.g. /blog */
  path: string;
  language: Language;
  /** Whether the URL names the language (?lang=xx) or the server negotiated it (x-default). */
  languageInUrl: boolean;
  type?: "website" | "article";
  image?: string;
  /** What the share image shows, for people who cannot see it (og:image:alt). */
  imageAlt: string;
  /**
   * The languages the page exists in, each at its own path (an article's translations may have
   * slugs of their own). Without it, the page exists in every language at `path`.
   */
  alternates?: readonly { language: Language; path: string }[];
}

/** What a page says of itself; the rest of its PageSeo comes from the request (pageSeoOf). */
export type PageSeoInput = Pick<
  PageSeo,
  "title" | "description" | "path" | "type" | "alternates"
> & {
  /** A page's own share image, with what it shows; the default one has its description. */
  image?: { src: string; alt: string };
};

/**
 * A page's description completed with where it is seen from. The public pages (through
 * pageContext) and the article editor's share card both build theirs here.
 */
export function pageSeoOf(
  { image, ...page }: PageSeoInput,
  context: Pick<PageSeo, "origin" | "language" | "languageInUrl"> & { defaultImageAlt: string },
): PageSeo {
  return {
    ...page,
    ...(image ? { image: image.src } : {}),
    imageAlt: image?.alt ?? context.defaultImageAlt,
    origin: context.origin,
    language: context.language,
    languageInUrl: context.languageInUrl,
  };
}

const ogLocales: Record<Language, string> = {
  pt: "pt_BR",
  es: "es_ES",
  en: "en_GB",
  it: "it_IT",
  de: "de_DE",
  sv: "sv_SE",
};

export function pageUrl(origin: string, path: string, language?: Language) {
  return `${origin}${path}${language ? `?lang=${language}` : ""}`;
}

/**
 * Title, description, canonical URL, language alternates and Open Graph tags of a public page.
 * Each language version lives at ?lang=xx; the bare path, which picks the visitor's language,
 * is the x-default. Every URL is its own canonical, so none points at another alternate.
 */
export function seoMeta(seo: PageSeo): MetaDescriptor[] {
  const canonical = pageUrl(seo.origin, seo.path, seo.languageInUrl ? seo.language : undefined);
  const image = `${seo.origin}${seo.image ?? "/images/og-default.jpg"}`;
  // Portuguese first when the page has it: the x-default is the first one's address.
  const alternates = seo.alternates ?? languages.map((l) => ({ language: l.code, path: seo.path }));
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternates.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.language,
      href: pageUrl(seo.origin, alternate.path, alternate.language),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: pageUrl(seo.origin, alternates[0]?.path ?? seo.path),
    },
    { property: "og:site_name", content: agency.name },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: seo.imageAlt },
    { property: "og:locale", content: ogLocales[seo.language] },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: seo.imageAlt },
  ];
}

/** "Page | Maré Talent" */
export function pageTitle(page: string) {
  return `${page} | ${agency.name}`;
}
