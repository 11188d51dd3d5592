import { allPostSlugs } from "#app/features/blog/posts.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { publicOrigin } from "#app/utils/origin.server.ts";
import { pageUrl } from "#app/utils/seo.ts";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every public page in every language, each listing its alternates. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const pages = [
    { path: "/", lastmod: undefined as string | undefined },
    { path: "/blog", lastmod: undefined },
    { path: "/contact", lastmod: undefined },
    { path: "/register/model", lastmod: undefined },
    { path: "/privacy", lastmod: undefined },
    ...allPostSlugs().map(({ slug, updatedAt }) => ({ path: `/blog/${slug}`, lastmod: updatedAt })),
  ];
  const urls = pages.flatMap(({ path, lastmod }) =>
    languages.map((language) => {
      const alternates = languages
        .map(
          (l) =>
            `    <xhtml:link rel="alternate" hreflang="${l.code}" href="${escapeXml(pageUrl(origin, path, l.code))}"/>`,
        )
        .join("\n");
      return [
        "  <url>",
        `    <loc>${escapeXml(pageUrl(origin, path, language.code))}</loc>`,
        lastmod ? `    <lastmod>${lastmod}</lastmod>` : null,
        alternates,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(origin, path))}"/>`,
        "  </url>",
      ]
        .filter(Boolean)
        .join("\n");
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
