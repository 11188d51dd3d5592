import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { normalizeLanguage, type Language } from "./languages.ts";
import type { LanguageSource } from "./resolve-language.ts";

/** Where the browser mirrors the visitor's choice (spec section 9: stored in local storage). */
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/**
 * The cookie is what the server renders from; local storage mirrors it, so a choice survives
 * a cleared cookie. Renders nothing.
 */
export function LanguageSync({ language, source }: { language: Language; source: LanguageSource }) {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    try {
      if (source === "query" || source === "cookie") {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
        return;
      }
      const stored = normalizeLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
      if (stored && stored !== language) {
        const search = new URLSearchParams(location.search);
        search.set("lang", stored);
        void navigate(
          { pathname: location.pathname, search: `?${search}`, hash: location.hash },
          { replace: true, preventScrollReset: true },
        );
      }
    } catch {
      // Storage can be disabled (private modes, policies); the cookie alone still works.
    }
    // Runs when the server's decision changes, not on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, source]);

  return null;
}
