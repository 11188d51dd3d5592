import { createInstance, type TFunction } from "i18next";
import { defaultLanguage, type Language } from "./languages.ts";
import { resources } from "./resources.server.ts";

const instances = new Map<Language, TFunction>();

/**
 * A translate function for loaders, actions and mail (titles, meta descriptions, server-side
 * errors). Pages translate with `useTranslation` from ./translation, which follows the same rules
 * in the browser's budget; a test holds the two to the same output for every key.
 */
export function getFixedT(language: Language): TFunction {
  let t = instances.get(language);
  if (!t) {
    const instance = createInstance();
    void instance.init({
      lng: language,
      fallbackLng: defaultLanguage,
      resources: { [language]: { translation: resources[language] } },
      initAsync: false,
      interpolation: { escapeValue: false }, // React and the mail templates escape
      returnNull: false,
    });
    t = instance.t;
    instances.set(language, t);
  }
  return t;
}
