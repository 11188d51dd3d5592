import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { ArticleBody } from "#app/components/layout/article-body.tsx";
import { privacyNotice } from "#app/features/privacy/privacy.server.ts";
import { formatDate } from "#app/features/blog/post-meta.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/privacy";

export function loader({ request }: Route.LoaderArgs) {
  const { language, seo, strings } = pageContext(request);
  const notice = privacyNotice(language);
  return {
    strings: strings("privacy"),
    notice,
    seo: seo({ title: pageTitle(notice.title), description: notice.description, path: "/privacy" }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [];

/** The privacy notice, linked from the footer and from every consent checkbox. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { notice } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{notice.title}</h1>
      <p className="mt-4 text-sm text-ink-500">
        <time dateTime={notice.updated}>{formatDate(notice.updated, i18n.language)}</time>
      </p>
      <ArticleBody blocks={notice.content} className="mt-10" />
      <aside
        aria-labelledby="rights-title"
        className="mt-12 rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-200 sm:p-8"
      >
        <h2 id="rights-title" className="text-xl font-semibold">
          {t("privacy.rights.title")}
        </h2>
        <p className="mt-2 text-ink-700">{t("privacy.rights.text")}</p>
        <Link
          to="/privacy/request"
          className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {t("privacy.rights.link")}
        </Link>
      </aside>
    </article>
  );
}
