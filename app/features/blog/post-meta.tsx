import { Fragment } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { PostSummary } from "./posts.server.ts";

// Building a DateTimeFormat is slow; one per language is enough.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(isoDate: string, language: string) {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
    dateFormats.set(language, format);
  }
  return format.format(new Date(isoDate));
}

/** "CATEGORY • date • 5 min read" above an article or in its card. */
export function PostMeta({
  post,
  withDate = false,
  className,
}: {
  post: PostSummary;
  withDate?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const items = [
    <span key="category">{post.category}</span>,
    withDate ? (
      <time key="date" dateTime={post.publishedAt} className="font-medium text-ink-500 normal-case">
        {formatDate(post.publishedAt, i18n.language)}
      </time>
    ) : null,
    <span key="reading" className="font-medium text-ink-500 normal-case">
      {t("blog.readingTime", { count: post.readingMinutes })}
    </span>,
  ].filter(Boolean);
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-3 font-semibold tracking-wider text-brand-700 uppercase",
        className,
      )}
    >
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            // Drawn in the date's grey: a paler mark fell below the 3:1 a visible mark needs.
            <span aria-hidden className="text-ink-500">
              •
            </span>
          ) : null}
          {item}
        </Fragment>
      ))}
    </p>
  );
}
