import { getDatabase } from "#app/db/db.server.ts";
import { sitemapArticles } from "#app/features/blog/posts.server.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { publicOrigin } from "#app/utils/origin.server.ts";
import { pageUrl } from "#app/utils/seo.ts";
import { escapeXml } from "#app/utils/xml.ts";
import type { Route } from "./+types/sitemap";

/** A page in the languages it exists in, each at its own path, with its last change. */
type Versions = { language: Language; path: string; lastmod?: string }[];

const everyLanguage = (path: string): Versions =>
  languages.map((language) => ({ language: language.code, path }));

/** One <url> per language version of a page, each listing all of them as alternates. */
function urlsOf(origin: string, versions: Versions) {
  const alternates = [
    ...versions.map(
      ({ language, path }) =>
        `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(pageUrl(origin, path, language))}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(origin, versions[0]!.path))}"/>`,
  ].join("\n");
  return versions.map(({ language, path, lastmod }) =>
    [
      "  <url>",
      `    <loc>${escapeXml(pageUrl(origin, path, language))}</loc>`,
      lastmod ? `    <lastmod>${lastmod}</lastmod>` : null,
      alternates,
      "  </url>",
    ]
      .filter(Boolean)
      .join("\n"),
  );
}

/** Every public page in every language it exists in; articles with their last change. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const articles = await sitemapArticles(await getDatabase());
  const pages: Versions[] = [
    ...["/", "/blog", "/contact", "/register/model", "/privacy"].map(everyLanguage),
    ...articles.map((translations) =>
      translations.map(({ language, slug, updatedAt }) => ({
        language,
        path: `/blog/${slug}`,
        lastmod: updatedAt,
      })),
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${pages.flatMap((versions) => urlsOf(origin, versions)).join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Search engines read it again soon: a new article appears in it at once.
      "Cache-Control": "public, max-age=300",
    },
  });
}
