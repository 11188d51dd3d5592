import { data } from "react-router";
import { getDatabase } from "#app/db/db.server.ts";
import { Article } from "#app/features/blog/article.tsx";
import { PreviewBanner } from "#app/features/blog/admin/preview-banner.tsx";
import { previewByToken } from "#app/features/blog/editor.server.ts";
import { ArticleMissing } from "#app/features/blog/article-status.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-preview";

/**
 * `/blog/preview/<token>`: a draft shared by its private link, as the article will look. Never
 * stored by a cache, never indexed; the link stops working (the not-found page, 404) when a new
 * one is made, the translation is published or the article deleted, and 14 days after it was
 * made (features/blog/editor.server.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { t, strings } = pageContext(request);
  const preview = await previewByToken(await getDatabase(), params.token);
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
  if (!preview) {
    return data(
      {
        strings: strings("blog", "admin-blog"),
        found: false as const,
        title: pageTitle(t("blog.postNotFoundTitle")),
      },
      { status: 404, headers },
    );
  }
  return data(
    {
      strings: strings("blog", "admin-blog"),
      found: true as const,
      title: pageTitle(preview.post.title),
      post: preview.post,
      language: preview.language,
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function SharedPreview({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <ArticleMissing />;
  return (
    <>
      <PreviewBanner />
      <div lang={loaderData.language}>
        <Article post={loaderData.post} more={[]} />
      </div>
    </>
  );
}
