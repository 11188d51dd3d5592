import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { Article } from "#app/features/blog/article.tsx";
import { articleParams } from "#app/features/blog/admin/params.server.ts";
import { PreviewBanner } from "#app/features/blog/admin/preview-banner.tsx";
import { previewForEditor } from "#app/features/blog/editor.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-preview";

/**
 * The working copy of a translation exactly as the public page renders it (the same component),
 * in the translation's own language, for its editor.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminBlogPreview");
  const { id, language } = articleParams(params);
  const preview = await previewForEditor(await getDatabase(), id, language);
  if (!preview) throw data(null, { status: 404 });
  const { t, strings } = pageContext(request);
  return {
    strings: strings("blog", "admin-blog"),
    title: pageTitle(t("admin.blog.previewTitle", { title: preview.post.title })),
    post: preview.post,
    language,
    back: `/admin/blog/${id}/${language}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="-mx-4 bg-sand-50 sm:mx-0 sm:rounded-3xl sm:ring-1 sm:ring-ink-200">
      <PreviewBanner back={loaderData.back} />
      <div lang={loaderData.language}>
        <Article post={loaderData.post} more={[]} />
      </div>
    </div>
  );
}
