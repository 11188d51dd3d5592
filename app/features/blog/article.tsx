import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/utils/cn.ts";
import { BodyView } from "./body-view.tsx";
import { CoverImage } from "./cover-image.tsx";
import { PostCard } from "./post-card.tsx";
import { PostMeta } from "./post-meta.tsx";
import type { Post, PostSummary } from "./posts.server.ts";

/**
 * An article as visitors read it: the public page and the editor's preview render this same
 * component, so the preview is exactly the page.
 */
export function Article({ post, more }: { post: Post; more: PostSummary[] }) {
  const { t } = useTranslation();
  return (
    <>
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
        <BodyView
          body={post.body}
          images={post.bodyImages}
          className="mx-auto mt-12 max-w-3xl px-4 sm:px-6"
        />
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
      {more.length ? (
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
      ) : null}
    </>
  );
}
