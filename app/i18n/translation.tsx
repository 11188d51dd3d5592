import { createContext, useContext, useMemo } from "react";
import { useMatches } from "react-router";
import { defaultLanguage, type Language } from "./languages.ts";
import { mergeStrings, type Strings } from "./strings.ts";

export type { Strings } from "./strings.ts";

/** Translates a dotted key with `{{name}}` values and `count` plurals, as i18next does. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

// Each missing key is reported once per page load (server: once per process), not per render.
const reported = new Set<string>();

/**
 * A string the page renders is not among the strings it was sent: its route does not ask for
 * the namespace that holds it (or the key does not exist). The browser tests fail on this
 * console error, and the log check fails on it from the server's log.
 */
function reportMissing(language: Language, key: string) {
  const id = `${language}:${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.error(`Missing string "${key}" (${language}): its namespace was not sent to the page`);
}

/**
 * What the browser needs of i18next, in about a kilobyte instead of seventeen: the home page's
 * JavaScript budget has no room for the library (decision 008). The server keeps i18next for
 * loaders and mail, and a test checks this against it for every key of every language.
 */
export function createTranslate(
  language: Language,
  strings: Strings,
  onMissing?: (key: string) => void,
): Translate {
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
    if (text === undefined) {
      onMissing?.(key);
      return key;
    }
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
  /** The strings this translation knows, for a nested provider to add to. */
  strings: Strings;
}

const missing: Translation = {
  t: (key) => key,
  i18n: { language: defaultLanguage },
  ready: false,
  strings: {},
};

const TranslationContext = createContext<Translation>(missing);

function translation(language: Language, strings: Strings): Translation {
  return {
    t: createTranslate(language, strings, (key) => reportMissing(language, key)),
    i18n: { language },
    ready: true,
    strings,
  };
}

const identities = new WeakMap<Strings, number>();
let lastIdentity = 0;
function identityOf(strings: Strings): number {
  let id = identities.get(strings);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(strings, id);
  }
  return id;
}

/**
 * The page's strings: the `strings` of every matched route's loader (the root's `common`, then
 * the page's own), merged. Loader data keeps its identity until its loader runs again, so they
 * are merged again only when one did.
 */
export function usePageStrings(): Strings {
  const parts = useMatches().flatMap((match) => {
    const strings = (match.loaderData as { strings?: Strings } | undefined)?.strings;
    return strings ? [strings] : [];
  });
  const partsKey = parts.map(identityOf).join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- partsKey names the parts
  return useMemo(() => mergeStrings(...parts), [partsKey]);
}

export function TranslationProvider({
  language,
  strings,
  children,
}: {
  language: Language;
  strings: Strings;
  children: React.ReactNode;
}) {
  const value = useMemo(() => translation(language, strings), [language, strings]);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

/**
 * More strings for a part of the page that brings its own (the chatbot loads its namespace with
 * its code): the page's strings stay available inside.
 */
export function MoreStrings({
  strings,
  children,
}: {
  strings: Strings;
  children: React.ReactNode;
}) {
  const parent = useContext(TranslationContext);
  const value = useMemo(
    () => translation(parent.i18n.language, mergeStrings(parent.strings, strings)),
    [parent, strings],
  );
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

/** The strings of the language the page is rendered in. */
export function useTranslation(): Translation {
  return useContext(TranslationContext);
}
