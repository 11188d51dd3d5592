import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { SectionHeading } from "#app/features/marketing/section-heading.tsx";
import { PostCard } from "./post-card.tsx";
import type { PostSummary } from "./posts.server.ts";

export function BlogTeaser({ posts }: { posts: PostSummary[] }) {
  const { t } = useTranslation();
  return (
    <section id="blog" aria-labelledby="blog-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="blog-title"
          title={t("blogTeaser.title")}
          subtitle={t("blogTeaser.subtitle")}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link
            to="/blog"
            className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-900"
          >
            {t("blogTeaser.all")} <Icon name="arrow-right" className="size-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}
