import { Icon } from "#app/components/ui/icon.tsx";
import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link, useLocation } from "react-router";
import { languages, type Language } from "#app/i18n/languages.ts";
import { cn } from "#app/utils/cn.ts";

// The flags are decorative: the language's name or code is beside them.

/** `?lang=xx` on the current page: the server renders it and stores the choice in a cookie. */
export function useLanguageHref() {
  const location = useLocation();
  return (code: Language) => {
    const search = new URLSearchParams(location.search);
    search.set("lang", code);
    return { pathname: location.pathname, search: `?${search}`, hash: location.hash };
  };
}

/**
 * The language picker is a disclosure (<details>) holding six links: it opens by keyboard and
 * pointer, works without JavaScript, and costs no script beyond closing it on Escape or a click
 * outside. Each link is a real URL, so the choice is server-rendered and shareable.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const hrefFor = useLanguageHref();
  const location = useLocation();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const current = languages.find((l) => l.code === i18n.language) ?? languages[0];

  useEffect(() => {
    const details = detailsRef.current;
    if (details) details.open = false;
  }, [location]);

  useEffect(() => {
    function close(event: Event) {
      const details = detailsRef.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    }
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);

  return (
    <details ref={detailsRef} className={cn("language-picker", className)}>
      <summary
        aria-label={`${current.code.toUpperCase()}: ${t("a11y.chooseLanguage", { language: current.name })}`}
      >
        <Icon name={`flag-${current.flag}`} className="flag" />
        <span aria-hidden className="uppercase">
          {current.code}
        </span>
        <Icon name="chevron-down" />
      </summary>
      <ul className="language-list">
        {languages.map((language) => (
          <li key={language.code}>
            <Link
              to={hrefFor(language.code)}
              preventScrollReset
              replace
              hrefLang={language.code}
              lang={language.code}
              aria-current={language.code === current.code ? "true" : undefined}
            >
              <Icon name={`flag-${language.flag}`} className="flag" />
              <span className="flex-1">{language.name}</span>
              {language.code === current.code ? (
                <Icon name="check" className="size-4 text-brand-700" />
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
