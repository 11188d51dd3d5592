/**
 * The interface languages, in the order of the language picker (spec section 9).
 * Pure and shared by server and browser.
 */
export const languages = [
  { code: "pt", name: "Português", flag: "br" },
  { code: "es", name: "Español", flag: "es" },
  { code: "en", name: "English", flag: "gb" },
  { code: "it", name: "Italiano", flag: "it" },
  { code: "de", name: "Deutsch", flag: "de" },
  { code: "sv", name: "Svenska", flag: "se" },
] as const;

export type Language = (typeof languages)[number]["code"];

export const defaultLanguage: Language = "pt";

const supported = new Set<string>(languages.map((l) => l.code));

export function isSupportedLanguage(code: string): code is Language {
  return supported.has(code);
}

/**
 * "pt-BR", "PT_br" or " de " → the supported language it names, or null.
 * Only the part before any hyphen counts (spec section 9).
 */
export function normalizeLanguage(input: string | null | undefined): Language | null {
  if (!input) return null;
  const code = input.trim().slice(0, 35).split(/[-_]/, 1)[0]!.toLowerCase();
  return isSupportedLanguage(code) ? code : null;
}

// Scripts written right to left. None of today's six languages is one, but the layout
// follows `dir` so a seventh such as Arabic needs only its translation file.
const rightToLeft = new Set([
  "ar",
  "arc",
  "ckb",
  "dv",
  "fa",
  "he",
  "iw",
  "ku",
  "ps",
  "sd",
  "ug",
  "ur",
  "yi",
]);

export function directionOf(code: string): "ltr" | "rtl" {
  const base = code.trim().split(/[-_]/, 1)[0]!.toLowerCase();
  return rightToLeft.has(base) ? "rtl" : "ltr";
}
