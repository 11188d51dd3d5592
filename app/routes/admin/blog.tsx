import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { ArticleFilters } from "#app/features/blog/admin/article-filters.tsx";
import { ArticleList } from "#app/features/blog/admin/article-list.tsx";
import { NewArticle, type NewArticleResult } from "#app/features/blog/admin/new-article.tsx";
import { createArticle, listArticlesForAdmin } from "#app/features/blog/editor.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { languages } from "#app/i18n/languages.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/blog";

const codes = languages.map((l) => l.code) as [string, ...string[]];
const filterSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  state: z.enum(["draft", "scheduled", "published"]).optional().catch(undefined),
  language: z.enum(codes).optional().catch(undefined),
});

/** /admin/blog (editors and admins): the articles, their languages and states; a new one. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminBlog");
  const url = new URL(request.url);
  const filter = filterSchema.parse({
    q: storableText(url.searchParams.get("q") ?? ""),
    state: url.searchParams.get("state") || undefined,
    language: url.searchParams.get("language") || undefined,
  });
  const articles = await listArticlesForAdmin(await getDatabase(), {
    search: filter.q || undefined,
    state: filter.state,
    language: filter.language as (typeof languages)[number]["code"] | undefined,
  });
  const { t, strings, language } = pageContext(request);
  return {
    strings: strings("admin-blog"),
    title: pageTitle(t("admin.blog.title")),
    filter,
    articles,
    interfaceLanguage: language,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminBlog");
  // Checked by createArticle's own schema, which the editor's new-translation form shares.
  const form = await parseForm(
    request,
    z.object({ language: z.string().optional(), title: textField }),
  );
  if (form.crossSite) {
    return data<NewArticleResult>({ errors: { form: "validation.crossSite" } }, 403);
  }
  const result = await createArticle(
    await getDatabase(),
    { id: viewer.id, ip: clientIp(request) },
    form.success ? form.data : {},
  );
  if (!result.ok) return data<NewArticleResult>({ errors: result.errors }, 400);
  throw redirect(`/admin/blog/${result.id}/${result.language}?created=1`);
}

export default function Blog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filter, articles } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t("admin.blog.title")}</h1>
          <p className="mt-2 max-w-2xl text-ink-600">{t("admin.blog.intro")}</p>
        </div>
        <NewArticle result={actionData} defaultLanguage={loaderData.interfaceLanguage} />
      </div>
      <ArticleFilters filter={filter} />
      <ArticleList
        articles={articles}
        filtered={Boolean(filter.q || filter.state || filter.language)}
      />
    </>
  );
}
