import { Link, NavLink } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ArticleState } from "#app/features/blog/editor.server.ts";
import type { EditorResult } from "./editor-result.ts";
import { NewArticle } from "./new-article.tsx";
import { OutOfDateBadge, TranslationFreshness } from "./out-of-date.tsx";
import { StateBadge } from "./state-badge.tsx";

/**
 * The editor's header: the article's title as the page's heading, its languages (one link each
 * with its state) and a translation into another one.
 */
export function LanguageTabs({
  id,
  title,
  current,
  languages: existing,
  result,
}: {
  id: number;
  /** The article's title in `current`; the list's name while it has none there. */
  title?: string;
  current: string;
  languages: {
    language: string;
    state: ArticleState;
    sourceLanguage: string | null;
    outOfDate: boolean;
  }[];
  result?: EditorResult;
}) {
  const { t } = useTranslation();
  const missing = languages
    .map((l) => l.code)
    .filter((code) => !existing.some((e) => e.language === code));
  const here = existing.find((e) => e.language === current);
  const addErrors =
    result && !result.ok && (result.errors.language || result.errors.title || result.errors.from)
      ? { errors: result.errors }
      : undefined;
  return (
    <div className="space-y-4">
      <Link
        to="/admin/blog"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> {t("admin.blog.backToList")}
      </Link>
      <h1
        lang={title ? current : undefined}
        className="text-3xl font-semibold tracking-tight break-words"
      >
        {title || t("admin.blog.title")}
      </h1>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <nav aria-label={t("admin.blog.languagesNav")}>
          <ul className="flex flex-wrap gap-2">
            {existing.map(({ language, state, outOfDate }) => {
              const name = languages.find((l) => l.code === language)?.name ?? language;
              return (
                <li key={language}>
                  <NavLink
                    to={`/admin/blog/${id}/${language}`}
                    className="flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-ink-200 hover:bg-brand-50 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
                  >
                    <span lang={language}>{name}</span>
                    {language === current ? (
                      <span className="sr-only">{t(`admin.blog.states.${state}`)}</span>
                    ) : (
                      <StateBadge state={state} />
                    )}
                    {outOfDate ? <OutOfDateBadge quiet={language === current} /> : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <NewArticle
          // A new one for each language shown: closed and empty once a translation is made.
          key={current}
          intent="add-translation"
          floating
          sources={existing.map((e) => e.language)}
          label={t("admin.blog.addTranslation")}
          languagesLeft={missing}
          defaultLanguage={missing[0] ?? current}
          result={addErrors}
        />
      </div>
      {here?.sourceLanguage ? (
        <TranslationFreshness
          key={current}
          id={id}
          language={current}
          sourceLanguage={here.sourceLanguage}
          outOfDate={here.outOfDate}
        />
      ) : null}
    </div>
  );
}
