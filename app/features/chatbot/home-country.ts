import { countryCodes } from "./questions.ts";

const known = new Set(countryCodes);

/**
 * The country she most likely lives in, listed first in the chat's country question: the one
 * the geo lookup found (/api/geo-language), else the region of her browser's first language
 * that is the page's language ("pt-PT" on a Portuguese page), else the main country of the
 * page's language as the Unicode CLDR has it (pt → Brasil, it → Italia, sv → Sverige,
 * en → United States). Null when none of these names a country she may choose.
 */
export function homeCountry(
  language: string,
  geoCountry: string | null | undefined,
  browserLanguages: readonly string[],
): string | null {
  const candidates = [
    geoCountry?.toUpperCase(),
    ...browserLanguages.map((tag) => {
      const locale = localeOf(tag);
      return locale?.language === language ? locale.region : undefined;
    }),
    localeOf(language)?.maximize().region,
  ];
  return candidates.find((code) => code !== undefined && known.has(code)) ?? null;
}

function localeOf(tag: string) {
  try {
    return new Intl.Locale(tag);
  } catch {
    return null;
  }
}
