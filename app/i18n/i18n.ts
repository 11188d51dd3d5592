import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, type Language } from "./languages";

/**
 * One i18next instance per render: per request on the server, per language in the browser.
 * Strings arrive with the root loader's data, so nothing is fetched and init is synchronous.
 */
export function createI18n(language: Language, translation: Resource[string][string]): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    resources: { [language]: { translation } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
