import type { Language } from "./languages.ts";
import type { Namespace } from "./namespaces.ts";
import { mergeStrings, type Strings } from "./strings.ts";

// The namespaces that load with lazy code rather than with a page: each language's file becomes
// a small chunk of its own, fetched with the code that renders it.
const lazyFiles = import.meta.glob<Strings>("./locales/*/{chatbot,preselection}.json", {
  import: "default",
});

export type LazyNamespace = Extract<Namespace, "chatbot" | "preselection">;

/** The strings of these namespaces in this language, for a `MoreStrings` around lazy code. */
export async function loadStrings(
  language: Language,
  namespaces: readonly LazyNamespace[],
): Promise<Strings> {
  const trees = await Promise.all(
    namespaces.map((namespace) => lazyFiles[`./locales/${language}/${namespace}.json`]!()),
  );
  return mergeStrings(...trees);
}
