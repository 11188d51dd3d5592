import { data } from "react-router";
import { isSupportedLanguage, type Language } from "#app/i18n/languages.ts";

/** An article's id and a language from the editor's URL, or a 404 for anything else. */
export function articleParams(params: { id?: string; language?: string }): {
  id: number;
  language: Language;
} {
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id < 1) {
    throw data(null, { status: 404 });
  }
  const language = params.language ?? "";
  if (!isSupportedLanguage(language)) throw data(null, { status: 404 });
  return { id, language };
}
