import { data, redirect } from "react-router";
import { getDatabase } from "#app/db/db.server.ts";
import { Article } from "#app/features/blog/article.tsx";
import { ArticleElsewhere, ArticleMissing } from "#app/features/blog/article-status.tsx";
import { articleJsonLd, articleSeo } from "#app/features/blog/article-seo.ts";
import { findArticle, listPosts } from "#app/features/blog/posts.server.ts";
import { JsonLd } from "#app/utils/json-ld.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-post";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t, origin, seo, strings } = pageContext(request);
  const db = await getDatabase();
  const found = await findArticle(db, params.slug, language);
  const page = { strings: strings("blog") };
  switch (found.kind) {
    case "missing":
    case "gone":
      // A real 404, or 410 for a deleted article: search engines drop it for good.
      return data(
        {
          ...page,
          found: found.kind,
          title: pageTitle(
            t(found.kind === "gone" ? "blog.postGoneTitle" : "blog.postNotFoundTitle"),
          ),
        },
        { status: found.kind === "gone" ? 410 : 404 },
      );
    case "moved": {
      // Its address in her language: for good when the slug changed, for her language otherwise.
      const url = new URL(request.url);
      throw redirect(
        `/blog/${encodeURIComponent(found.slug)}${url.search}`,
        found.permanent ? 301 : 302,
      );
    }
    case "elsewhere":
      return {
        ...page,
        found: found.kind,
        alternates: found.alternates,
        title: pageTitle(t("blog.otherLanguagesTitle")),
      };
  }
  const { post, alternates } = found;
  const more = (await listPosts(db, language))
    .filter((other) => other.slug !== post.slug)
    .slice(0, 2);
  return {
    ...page,
    found: found.kind,
    post,
    more,
    seo: seo({
      ...articleSeo(post, t),
      alternates: alternates.map(({ language, slug }) => ({ language, path: `/blog/${slug}` })),
    }),
    article: articleJsonLd(post, { origin, language }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  if (loaderData.found !== "post")
    return [{ title: loaderData.title }, { name: "robots", content: "noindex" }];
  return [
    ...seoMeta(loaderData.seo),
    { property: "article:published_time", content: loaderData.post.publishedAt },
    { property: "article:modified_time", content: loaderData.post.updatedAt },
    { property: "article:section", content: loaderData.post.category },
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  switch (loaderData.found) {
    case "missing":
      return <ArticleMissing />;
    case "gone":
      return <ArticleMissing gone />;
    case "elsewhere":
      return <ArticleElsewhere alternates={loaderData.alternates} />;
    case "post":
      return (
        <>
          <JsonLd data={loaderData.article} />
          <Article post={loaderData.post} more={loaderData.more} />
        </>
      );
  }
}
