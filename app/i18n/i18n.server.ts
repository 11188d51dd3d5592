import type { TFunction } from "i18next";
import { createI18n } from "./i18n";
import type { Language } from "./languages";
import { resources } from "./resources.server";

const instances = new Map<Language, TFunction>();

/** A translate function for loaders and actions (titles, meta descriptions, server-side errors). */
export function getFixedT(language: Language): TFunction {
  let t = instances.get(language);
  if (!t) {
    t = createI18n(language, resources[language]).t;
    instances.set(language, t);
  }
  return t;
}
