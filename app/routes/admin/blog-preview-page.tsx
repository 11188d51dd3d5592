import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { PublicPage } from "#app/components/layout/public-page.tsx";
import { Article } from "#app/features/blog/article.tsx";
import { articleParams } from "#app/features/blog/admin/params.server.ts";
import { previewForEditor } from "#app/features/blog/editor.server.ts";
import { siteFooter } from "#app/features/site/site-settings.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-preview-page";

/**
 * The working copy of a translation as a visitor will see its page: the public navigation bar
 * and footer (as someone not signed in sees them) around the same article component. The
 * editor's preview shows it in a frame at a phone's width or a desktop's, so this page, and
 * only this one, may be framed, by this site alone (the document's policy: entry.server.tsx).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminBlogPreview");
  const { id, language } = articleParams(params);
  const db = await getDatabase();
  const preview = await previewForEditor(db, id, language);
  if (!preview) throw data(null, { status: 404 });
  const { strings } = pageContext(request);
  return data(
    {
      strings: strings("site", "blog"),
      title: pageTitle(preview.post.title),
      post: preview.post,
      language,
      site: await siteFooter(db),
    },
    {
      headers: {
        // Always the latest save; never kept by a cache.
        "Cache-Control": "private, no-store",
        "X-Frame-Options": "SAMEORIGIN",
      },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function BlogPreviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <PublicPage site={loaderData.site} asVisitor>
      <div lang={loaderData.language}>
        <Article post={loaderData.post} more={[]} />
      </div>
    </PublicPage>
  );
}
