import { data, redirect } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { articleForEditor } from "#app/features/blog/editor.server.ts";
import type { Route } from "./+types/blog-article";

/** /admin/blog/:id: the article's first language in the editor. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminBlogPost");
  const id = Number(params.id);
  const article =
    Number.isSafeInteger(id) && id > 0 ? await articleForEditor(await getDatabase(), id) : null;
  if (!article?.translations.length) throw data(null, { status: 404 });
  throw redirect(`/admin/blog/${id}/${article.translations[0]!.language}`);
}
