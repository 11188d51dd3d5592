import { countryFromRequest } from "#app/i18n/language.server.ts";
import { languageForCountry } from "#app/i18n/resolve-language.ts";
import type { Route } from "./+types/geo-language";
import { requestLogger } from "#app/utils/logger.server.ts";

const ONE_DAY = 60 * 60 * 24;

/**
 * GET /api/geo-language: the language of the visitor's country, from the trusted proxy's
 * country header (GEO_COUNTRY_HEADER). The browser may keep the answer for 24 hours.
 * The server applies the same lookup itself before rendering, so pages need not call this.
 */
export function loader({ request }: Route.LoaderArgs) {
  const country = countryFromRequest(request);
  const language = languageForCountry(country);
  const headers = { "Cache-Control": `private, max-age=${ONE_DAY}`, Vary: "*" };
  if (!language) {
    requestLogger(request).info({
      event: "geo-language.unresolved",
      reason: country ? "unmapped-country" : "no-country",
    });
    return Response.json(
      // The country even so: the chatbot lists it first among the countries she may live in.
      country
        ? { language: null, country, error: "unsupported-country" }
        : { language: null, error: "unknown-country" },
      { headers },
    );
  }
  return Response.json({ language, country }, { headers });
}
