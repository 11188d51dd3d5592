import { getDatabase } from "#app/db/db.server.ts";
import { feedArticles } from "#app/features/blog/posts.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { isSupportedLanguage } from "#app/i18n/languages.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { agency } from "#app/utils/agency.ts";
import { publicOrigin } from "#app/utils/origin.server.ts";
import { pageTitle, pageUrl } from "#app/utils/seo.ts";
import { escapeXml } from "#app/utils/xml.ts";
import type { Route } from "./+types/blog-feed";

/**
 * `/blog/feed.xml?lang=<code>`: an Atom feed of a language's articles, newest first, linked from
 * the blog's head. Without a known `lang`, the language the site would show her.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("lang");
  const language =
    asked && isSupportedLanguage(asked) ? asked : languageForRequest(request).language;
  const t = getFixedT(language);
  const origin = publicOrigin(request);
  const articles = await feedArticles(await getDatabase(), language);
  const self = `${origin}/blog/feed.xml?lang=${language}`;
  const updated = articles.reduce(
    (latest, article) => (article.updatedAt > latest ? article.updatedAt : latest),
    articles[0]?.publishedAt ?? new Date(0).toISOString(),
  );
  const entries = articles.map((article) => {
    const url = pageUrl(origin, `/blog/${article.slug}`, language);
    return `  <entry>
    <id>${escapeXml(url)}</id>
    <title>${escapeXml(article.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
    <published>${article.publishedAt}</published>
    <updated>${article.updatedAt}</updated>
    <category term="${escapeXml(article.category)}"/>
    <summary>${escapeXml(article.excerpt || article.description)}</summary>
  </entry>`;
  });
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">
  <id>${escapeXml(self)}</id>
  <title>${escapeXml(pageTitle(t("meta.blogTitle")))}</title>
  <subtitle>${escapeXml(t("meta.blogDescription"))}</subtitle>
  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(pageUrl(origin, "/blog", language))}"/>
  <updated>${updated}</updated>
  <author><name>${escapeXml(agency.name)}</name><uri>${escapeXml(origin)}</uri></author>
${entries.join("\n")}
</feed>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
