import { defaultLanguage, normalizeLanguage, type Language } from "./languages.ts";

/**
 * Which language a request is served in. Order (spec section 4, product.md section 6):
 * an explicit `?lang=`, the stored choice, the geo lookup, the browser's languages, then pt.
 */
export type LanguageSource = "query" | "cookie" | "geo" | "browser" | "default";

export interface LanguageInputs {
  query?: string | null;
  cookie?: string | null;
  country?: string | null;
  acceptLanguage?: string | null;
}

export function resolveLanguage(inputs: LanguageInputs): {
  language: Language;
  source: LanguageSource;
} {
  const fromQuery = normalizeLanguage(inputs.query);
  if (fromQuery) return { language: fromQuery, source: "query" };
  const fromCookie = normalizeLanguage(inputs.cookie);
  if (fromCookie) return { language: fromCookie, source: "cookie" };
  const fromGeo = languageForCountry(inputs.country);
  if (fromGeo) return { language: fromGeo, source: "geo" };
  for (const tag of parseAcceptLanguage(inputs.acceptLanguage)) {
    const language = normalizeLanguage(tag);
    if (language) return { language, source: "browser" };
  }
  return { language: defaultLanguage, source: "default" };
}

// Headers are attacker-controlled: look at a bounded prefix only.
const MAX_HEADER_LENGTH = 1024;
const MAX_ENTRIES = 32;

/** The language tags of an Accept-Language header, most preferred first. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  const parts = header.slice(0, MAX_HEADER_LENGTH).split(",", MAX_ENTRIES);
  parts.forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag?.trim() ?? "";
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$|^\*$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (q > 0) entries.push({ tag, q, index });
  });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}

// Countries whose main language is one of ours. Elsewhere the browser's languages decide.
const countryLanguages: Record<string, Language> = {};
function assign(language: Language, countries: string) {
  for (const country of countries.split(" ")) countryLanguages[country] = language;
}
assign("pt", "BR PT AO MZ CV GW ST TL");
assign("es", "ES MX AR CO CL PE VE EC GT CU BO DO HN PY SV NI CR PA UY PR GQ");
assign("en", "US GB IE AU NZ CA ZA NG KE GH JM TT BZ BS BB SG PH MT");
assign("it", "IT SM VA");
assign("de", "DE AT CH LI LU");
assign("sv", "SE AX");

export function languageForCountry(country: string | null | undefined): Language | null {
  if (!country) return null;
  return countryLanguages[country.trim().toUpperCase()] ?? null;
}
