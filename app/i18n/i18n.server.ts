import type { TFunction } from "i18next";
import { i18nFor } from "./i18n";
import type { Language } from "./languages";
import { resources } from "./resources.server";

/** A translate function for loaders and actions (titles, meta descriptions, server-side errors). */
export function getFixedT(language: Language): TFunction {
  return i18nFor(language, resources[language]).t;
}
