/** Interface strings as nested objects of strings (the locale JSON files). */
export interface Strings {
  [key: string]: string | Strings;
}

/**
 * One tree of several: namespaces share top-level keys (`admin.nav` and `admin.list` come from
 * different files), so objects are merged all the way down. The inputs are left untouched.
 */
export function mergeStrings(...trees: Strings[]): Strings {
  const merged: Strings = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = merged[key];
      merged[key] =
        typeof value === "object" && typeof existing === "object"
          ? mergeStrings(existing, value)
          : value;
    }
  }
  return merged;
}
