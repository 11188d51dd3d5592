import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { StatusPage } from "#app/components/layout/status-page.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { languages } from "#app/i18n/languages.ts";
import type { Alternates } from "./posts.server.ts";

function BackToBlog() {
  const { t } = useTranslation();
  return (
    <Link to="/blog" className={buttonVariants({ size: "lg" })}>
      <Icon name="arrow-left" /> {t("blog.backToBlog")}
    </Link>
  );
}

/** An address no article ever had (404), or one whose article was deleted (410). */
export function ArticleMissing({ gone = false }: { gone?: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={gone ? "410" : "404"}
      title={t(gone ? "blog.postGoneTitle" : "blog.postNotFoundTitle")}
      text={t(gone ? "blog.postGoneText" : "blog.postNotFoundText")}
    >
      <BackToBlog />
    </StatusPage>
  );
}

/** The article exists, but not in her language: the languages she can read it in. */
export function ArticleElsewhere({ alternates }: { alternates: Alternates }) {
  const { t } = useTranslation();
  return (
    <StatusPage title={t("blog.otherLanguagesTitle")} text={t("blog.otherLanguagesText")}>
      <ul className="mb-8 flex flex-wrap justify-center gap-3">
        {alternates.map(({ language, slug }) => {
          const name = languages.find((l) => l.code === language)?.name ?? language;
          return (
            <li key={language}>
              <a
                href={`/blog/${slug}?lang=${language}`}
                hrefLang={language}
                lang={language}
                className={buttonVariants({ variant: "secondary" })}
              >
                {name}
              </a>
            </li>
          );
        })}
      </ul>
      <BackToBlog />
    </StatusPage>
  );
}
