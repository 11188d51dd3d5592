import { useTranslation } from "#app/i18n/translation.tsx";
import { PostCard } from "#app/features/blog/post-card.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { listPosts } from "#app/features/blog/posts.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t, seo, strings } = pageContext(request);
  return {
    strings: strings("blog"),
    seo: seo({
      title: pageTitle(t("meta.blogTitle")),
      description: t("meta.blogDescription"),
      path: "/blog",
    }),
    posts: await listPosts(await getDatabase(), language),
    feed: { href: `/blog/feed.xml?lang=${language}`, title: pageTitle(t("meta.blogTitle")) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...seoMeta(loaderData.seo),
        { tagName: "link", rel: "alternate", type: "application/atom+xml", ...loaderData.feed },
      ]
    : [];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{t("blog.title")}</h1>
        <p className="mt-4 text-lg text-ink-600">{t("blog.subtitle")}</p>
      </header>
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {loaderData.posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} headingLevel="h2" />
          </li>
        ))}
      </ul>
    </div>
  );
}
