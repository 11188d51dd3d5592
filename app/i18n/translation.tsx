import { createContext, useContext } from "react";
import { defaultLanguage, type Language } from "./languages";

/**
 * The interface strings of one language, as nested objects of strings (the locale JSON files).
 */
export interface Strings {
  [key: string]: string | Strings;
}

/** Translates a dotted key with `{{name}}` values and `count` plurals, as i18next does. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * What the browser needs of i18next, in about a kilobyte instead of seventeen: the home page's
 * JavaScript budget has no room for the library (decision 008). The server keeps i18next for
 * loaders and mail, and a test checks this against it for every key of every language.
 */
export function createTranslate(language: Language, strings: Strings): Translate {
  const plurals = new Intl.PluralRules(language);
  const lookup = (key: string) => {
    let node: string | Strings | undefined = strings;
    for (const part of key.split(".")) {
      node = typeof node === "object" ? node[part] : undefined;
    }
    return typeof node === "string" ? node : undefined;
  };
  return (key, values) => {
    const count = values?.count;
    let text: string | undefined;
    if (typeof count === "number") {
      text =
        (count === 0 ? lookup(`${key}_zero`) : undefined) ??
        lookup(`${key}_${plurals.select(count)}`);
    }
    text ??= lookup(key);
    if (text === undefined) return key;
    if (!values) return text;
    // A value that was not given leaves its placeholder in place, as i18next does.
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) =>
      values[name] === undefined ? placeholder : String(values[name]),
    );
  };
}

interface Translation {
  t: Translate;
  /** Shaped like react-i18next's, which these components were first written against. */
  i18n: { language: Language };
  /** False outside a provider: a page that failed before the root loader ran has no strings. */
  ready: boolean;
}

const missing: Translation = {
  t: (key) => key,
  i18n: { language: defaultLanguage },
  ready: false,
};

const TranslationContext = createContext<Translation>(missing);

export function TranslationProvider({
  language,
  strings,
  children,
}: {
  language: Language;
  strings: Strings;
  children: React.ReactNode;
}) {
  return (
    <TranslationContext value={translationFor(language, strings)}>{children}</TranslationContext>
  );
}

// One translator per language: the strings of a language never change while a page is open.
const cache = new Map<Language, Translation>();

function translationFor(language: Language, strings: Strings): Translation {
  let value = cache.get(language);
  if (!value) {
    value = { t: createTranslate(language, strings), i18n: { language }, ready: true };
    cache.set(language, value);
  }
  return value;
}

/** The strings of the language the page is rendered in. */
export function useTranslation(): Translation {
  return useContext(TranslationContext);
}
