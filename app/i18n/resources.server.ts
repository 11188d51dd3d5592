import { languageForRequest } from "./language.server.ts";
import { languages, type Language } from "./languages.ts";
import { namespaces, serverOnlyNamespaces, type Namespace } from "./namespaces.ts";
import { mergeStrings, type Strings } from "./strings.ts";

const files = import.meta.glob<Strings>("./locales/*/*.json", { eager: true, import: "default" });

function fileOf(language: Language, namespace: Namespace): Strings {
  const strings = files[`./locales/${language}/${namespace}.json`];
  if (!strings) throw new Error(`No strings file locales/${language}/${namespace}.json`);
  return strings;
}

/**
 * Every string of a language in one tree: what the server translates loaders, titles and mail
 * with. Pages get only their namespaces (`stringsFor`).
 */
export const resources = Object.fromEntries(
  languages.map(({ code }) => [
    code,
    mergeStrings(...namespaces.map((namespace) => fileOf(code, namespace))),
  ]),
) as Record<Language, Strings>;

const sent = new Map<string, Strings>();

/** The strings of these namespaces in one tree, as a page's loader data carries them. */
export function stringsFor(language: Language, wanted: readonly Namespace[]): Strings {
  const key = `${language}:${wanted.join(",")}`;
  let strings = sent.get(key);
  if (!strings) {
    const secret = wanted.find((namespace) => serverOnlyNamespaces.includes(namespace));
    if (secret) throw new Error(`The ${secret} strings are for the server only`);
    strings = mergeStrings(...wanted.map((namespace) => fileOf(language, namespace)));
    sent.set(key, strings);
  }
  return strings;
}

/**
 * What a route's loader returns as `strings`: its namespaces in the visitor's language (the
 * language the root loader resolves from the same request). The root loader sends `common`.
 */
export function pageStrings(request: Request, wanted: readonly Namespace[]): Strings {
  return stringsFor(languageForRequest(request).language, wanted);
}
