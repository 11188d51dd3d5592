import { readCookie } from "#app/utils/cookies.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import type { RequestHead } from "#app/utils/request-head.ts";
import { resolveLanguage, type LanguageSource } from "./resolve-language.ts";
import type { Language } from "./languages.ts";

export const LANGUAGE_COOKIE = "lang";
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The visitor's country as told by the trusted proxy (GEO_COUNTRY_HEADER), if configured. */
export function countryFromRequest(request: RequestHead): string | null {
  const header = getEnv().GEO_COUNTRY_HEADER;
  if (!header) return null;
  const value = request.headers.get(header)?.trim().toUpperCase();
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

export function languageForRequest(request: RequestHead): {
  language: Language;
  source: LanguageSource;
} {
  const url = new URL(request.url);
  return resolveLanguage({
    query: url.searchParams.get("lang"),
    cookie: readCookie(request, LANGUAGE_COOKIE),
    country: countryFromRequest(request),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
