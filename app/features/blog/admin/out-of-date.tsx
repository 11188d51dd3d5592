import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { EditorResult } from "./editor-result.ts";
import { languageName } from "./language-name.ts";

/** "Out of date" beside a translation's state (decision 041); words only for screen readers. */
export function OutOfDateBadge({ quiet = false }: { quiet?: boolean }) {
  const { t } = useTranslation();
  if (quiet) return <span className="sr-only">{t("admin.blog.outOfDate")}</span>;
  return <Badge tone="negative">{t("admin.blog.outOfDate")}</Badge>;
}

/**
 * Under the language tabs of a translation made from another language: when that one has been
 * published with changes since, says so, links to it and offers "Mark as current" (for a change
 * that needs no translating); publishing this translation clears it too. Without script the
 * button posts the page's own form.
 */
export function TranslationFreshness({
  id,
  language,
  sourceLanguage,
  outOfDate,
}: {
  id: number;
  language: string;
  sourceLanguage: string;
  outOfDate: boolean;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<EditorResult>({ key: `mark-current-${id}-${language}` });
  const status = useRef<HTMLParagraphElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const marked = answer?.ok && answer.done === "marked-current" && !outOfDate;
  const refused = answer && !answer.ok ? answer.errors.form : undefined;
  const source = languageName(sourceLanguage, i18n.language);
  // The button she pressed is gone with the notice: her focus goes to what happened instead.
  useEffect(() => {
    if (marked) status.current?.focus();
  }, [marked]);
  return (
    <div>
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className="flex items-center gap-2 text-sm text-ink-600 empty:hidden focus:outline-none"
      >
        {marked ? (
          <>
            <Icon name="check" className="size-4" /> {t("admin.blog.done.marked-current")}
          </>
        ) : null}
      </p>
      {outOfDate ? (
        <section
          aria-labelledby="out-of-date-title"
          className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-sand-50 p-4 ring-1 ring-coral-300"
        >
          <div className="min-w-0 flex-1 basis-72 space-y-1">
            <h2
              id="out-of-date-title"
              className="flex items-center gap-2 text-base font-semibold text-ink-900"
            >
              <Icon name="clock" className="size-5 shrink-0 text-coral-700" />
              {t("admin.blog.outOfDate")}
            </h2>
            <p className="text-sm text-ink-700">
              {t("admin.blog.outOfDateNotice", { language: source })}
            </p>
            <Link
              to={`/admin/blog/${id}/${sourceLanguage}`}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
            >
              {t("admin.blog.openSource", { language: source })}
              <Icon name="arrow-right" className="size-4" />
            </Link>
          </div>
          <fetcher.Form method="post">
            <Button
              type="submit"
              name="intent"
              value="mark-current"
              variant="secondary"
              size="sm"
              disabled={fetcher.state !== "idle"}
            >
              <Icon name="check" /> {t("admin.blog.markCurrent")}
            </Button>
          </fetcher.Form>
          {refused ? (
            <p role="alert" className="w-full text-sm font-medium text-coral-700">
              {t(refused)}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
