import { Link } from "react-router";
import { EmptyState } from "#app/components/ui/card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { listArticlesForAdmin } from "#app/features/blog/editor.server.ts";
import { languageName } from "./language-name.ts";
import { OutOfDateBadge } from "./out-of-date.tsx";
import { StateBadge } from "./state-badge.tsx";

type Article = Awaited<ReturnType<typeof listArticlesForAdmin>>[number];

/** The articles, newest first: each language it exists in with its state, and its last change. */
export function ArticleList({ articles, filtered }: { articles: Article[]; filtered: boolean }) {
  const { t, i18n } = useTranslation();
  if (!articles.length) {
    return (
      <EmptyState className="mt-6">
        {filtered ? t("admin.blog.noMatch") : t("admin.blog.empty")}
      </EmptyState>
    );
  }
  return (
    <Table caption={t("admin.blog.title")} framed className="mt-6">
      <thead>
        <tr>
          <Th>{t("admin.blog.article")}</Th>
          <Th>{t("admin.blog.languages")}</Th>
          <Th className="hidden md:table-cell">{t("admin.blog.lastChange")}</Th>
        </tr>
      </thead>
      <tbody>
        {articles.map((article) => (
          <tr key={article.id}>
            <Td>
              <Link
                to={`/admin/blog/${article.id}/${article.languages[0]!.language}`}
                className="font-semibold text-brand-800 hover:underline"
              >
                {article.title}
              </Link>
            </Td>
            <Td>
              <ul className="flex flex-wrap gap-2">
                {article.languages.map(({ language, state, hasPendingChanges, outOfDateWith }) => (
                  <li key={language}>
                    <Link
                      to={`/admin/blog/${article.id}/${language}`}
                      className="inline-flex flex-wrap items-center gap-1.5 rounded-full text-sm font-semibold text-ink-800 uppercase hover:underline"
                    >
                      <span lang={language}>{language}</span>
                      <StateBadge state={state} />
                      {hasPendingChanges ? (
                        <span className="text-xs font-normal text-ink-600 normal-case">
                          {t("admin.blog.unpublishedChanges")}
                        </span>
                      ) : null}
                      {outOfDateWith ? (
                        <>
                          <OutOfDateBadge />
                          <span className="text-xs font-normal text-ink-600 normal-case">
                            {t("admin.blog.outOfDateWith", {
                              language: languageName(outOfDateWith, i18n.language),
                            })}
                          </span>
                        </>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </Td>
            <Td className="hidden text-sm text-ink-600 md:table-cell">
              {formatAgencyTime(article.updatedAt, i18n.language)}
              {article.updatedBy ? (
                <span className="block">{t("admin.blog.by", { name: article.updatedBy })}</span>
              ) : null}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
