import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, type Language } from "./languages";

/**
 * An i18next instance for one language. Strings arrive with the root loader's data (the browser
 * holds only the language it shows), so nothing is fetched and init is synchronous.
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

const instances = new Map<Language, i18n>();

/**
 * The shared instance of a language. An instance never changes language or strings after
 * creation, so the server can reuse one across requests instead of building one per render.
 */
export function i18nFor(language: Language, translation: Resource[string][string]): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language, translation);
    instances.set(language, instance);
  }
  return instance;
}
