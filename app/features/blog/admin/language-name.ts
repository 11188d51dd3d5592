/**
 * A language's name in the interface's language ("Portuguese" in English, "portugués" in
 * Spanish), for sentences such as "Start from the Portuguese version"; the tabs keep each
 * language's own name.
 */
export function languageName(code: string, inLanguage: string) {
  try {
    return new Intl.DisplayNames([inLanguage], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
