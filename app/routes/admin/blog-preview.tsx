import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { articleParams } from "#app/features/blog/admin/params.server.ts";
import { PreviewBanner } from "#app/features/blog/admin/preview-banner.tsx";
import { PreviewViewport } from "#app/features/blog/admin/preview-viewport.tsx";
import { previewForEditor } from "#app/features/blog/editor.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-preview";

/**
 * The working copy of a translation as its page will look, for its editor: the page itself
 * (routes/admin/blog-preview-page.tsx, the public frame around the article component) shown at
 * a phone's width or a desktop's.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminBlogPreview");
  const { id, language } = articleParams(params);
  const preview = await previewForEditor(await getDatabase(), id, language);
  if (!preview) throw data(null, { status: 404 });
  const { t, strings } = pageContext(request);
  const title = t("admin.blog.previewTitle", { title: preview.post.title });
  return {
    strings: strings("admin-blog"),
    title: pageTitle(title),
    frameTitle: title,
    page: `/admin/blog/${id}/${language}/preview/page`,
    back: `/admin/blog/${id}/${language}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-2xl ring-1 ring-coral-300">
        <PreviewBanner back={loaderData.back} />
      </div>
      <h1 className="text-center text-lg font-semibold text-ink-900">{loaderData.frameTitle}</h1>
      <PreviewViewport src={loaderData.page} title={loaderData.frameTitle} />
    </div>
  );
}
