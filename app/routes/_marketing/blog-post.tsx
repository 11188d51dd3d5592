import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Link } from "react-router";
import { ArticleBody } from "#app/components/layout/article-body.tsx";
import { StatusPage } from "#app/components/layout/status-page.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/utils/cn.ts";
import { CoverImage } from "#app/features/blog/cover-image.tsx";
import { PostCard } from "#app/features/blog/post-card.tsx";
import { PostMeta } from "#app/features/blog/post-meta.tsx";
import { getPost, listPosts } from "#app/features/blog/posts.server.ts";
import { agency } from "#app/utils/agency.ts";
import { JsonLd } from "#app/utils/json-ld.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle, pageUrl, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-post";

export function loader({ request, params }: Route.LoaderArgs) {
  const { language, t, origin, seo, strings } = pageContext(request);
  const post = getPost(params.slug, language);
  if (!post) {
    // A real 404, rendered as the translated post-not-found page.
    return data(
      {
        strings: strings("blog"),
        found: false as const,
        title: pageTitle(t("blog.postNotFoundTitle")),
      },
      { status: 404 },
    );
  }
  const path = `/blog/${post.slug}`;
  return {
    strings: strings("blog"),
    found: true as const,
    post,
    more: listPosts(language)
      .filter((other) => other.slug !== post.slug)
      .slice(0, 2),
    seo: seo({
      title: pageTitle(post.title),
      description: post.description,
      path,
      type: "article",
      image: `${post.cover}-1440.webp`,
    }),
    article: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: post.title,
      description: post.description,
      inLanguage: language,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      articleSection: post.category,
      image: `${origin}${post.cover}-1440.webp`,
      mainEntityOfPage: pageUrl(origin, path, language),
      author: { "@type": "Organization", name: agency.name, url: origin },
      publisher: {
        "@type": "Organization",
        name: agency.name,
        logo: { "@type": "ImageObject", url: `${origin}/logo.svg` },
      },
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  if (!loaderData.found)
    return [{ title: loaderData.title }, { name: "robots", content: "noindex" }];
  return [
    ...seoMeta(loaderData.seo),
    { property: "article:published_time", content: loaderData.post.publishedAt },
    { property: "article:modified_time", content: loaderData.post.updatedAt },
    { property: "article:section", content: loaderData.post.category },
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.found) return <PostNotFound />;
  const { post, more, article } = loaderData;

  return (
    <>
      <JsonLd data={article} />
      <article className="pb-16">
        <header className="mx-auto max-w-3xl px-4 pt-12 sm:px-6 sm:pt-16">
          <Link
            to="/blog"
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-900"
          >
            <Icon name="arrow-left" className="size-4" /> {t("blog.backToBlog")}
          </Link>
          <PostMeta post={post} withDate className="mt-8 text-sm" />
          <h1 className="mt-4 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">
            {post.title}
          </h1>
          <p className="mt-5 text-xl leading-relaxed text-ink-600">{post.excerpt}</p>
        </header>
        <div className="mx-auto mt-10 max-w-5xl px-4 sm:px-6">
          <CoverImage
            cover={post.cover}
            sizes="(min-width: 1024px) 1024px, 100vw"
            priority
            className="rounded-3xl"
          />
        </div>
        <ArticleBody blocks={post.content} className="mx-auto mt-12 max-w-3xl px-4 sm:px-6" />
        <aside className="mx-auto mt-14 max-w-3xl px-4 sm:px-6" aria-labelledby="apply-title">
          <div className="rounded-3xl bg-brand-950 p-8 text-brand-50 sm:p-10">
            <h2 id="apply-title" className="text-2xl font-semibold text-white">
              {t("blog.applyTitle")}
            </h2>
            <p className="mt-3 text-brand-100/85">{t("blog.applyText")}</p>
            <Link
              to="/register/model"
              className={cn(buttonVariants({ variant: "light", size: "lg" }), "mt-6")}
            >
              {t("blog.applyButton")} <Icon name="arrow-right" />
            </Link>
          </div>
        </aside>
      </article>
      <section aria-labelledby="more-title" className="border-t border-ink-200 bg-white py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <h2 id="more-title" className="text-2xl font-semibold">
            {t("blog.moreArticles")}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {more.map((other) => (
              <li key={other.slug}>
                <PostCard post={other} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function PostNotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage code="404" title={t("blog.postNotFoundTitle")} text={t("blog.postNotFoundText")}>
      <Link to="/blog" className={buttonVariants({ size: "lg" })}>
        <Icon name="arrow-left" /> {t("blog.backToBlog")}
      </Link>
    </StatusPage>
  );
}
