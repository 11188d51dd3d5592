import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { CoverImage } from "./cover-image.tsx";
import { formatDate, PostMeta } from "./post-meta.tsx";
import type { PostSummary } from "./posts.server.ts";

export function PostCard({
  post,
  headingLevel = "h3",
}: {
  post: PostSummary;
  headingLevel?: "h2" | "h3";
}) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-ink-200/70 transition-shadow hover:shadow-md">
      <CoverImage
        cover={post.cover}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
      />
      <div className="flex flex-1 flex-col p-6">
        <PostMeta post={post} className="text-xs" />
        <Heading className="mt-3 text-xl leading-snug font-semibold">
          <Link
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-ink-600">{post.excerpt}</p>
        <p className="mt-5 flex items-center justify-between text-sm">
          <time dateTime={post.publishedAt} className="text-ink-500">
            {formatDate(post.publishedAt, i18n.language)}
          </time>
          <span aria-hidden className="flex items-center gap-1 font-semibold text-brand-700">
            {t("blog.readMore")}{" "}
            <Icon
              name="arrow-right"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </span>
        </p>
      </div>
    </article>
  );
}
