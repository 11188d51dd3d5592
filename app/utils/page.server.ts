import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Namespace } from "#app/i18n/namespaces.ts";
import { stringsFor } from "#app/i18n/resources.server.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { publicOrigin } from "./origin.server.ts";
import { pageSeoOf, type PageSeo, type PageSeoInput } from "./seo.ts";

/** What every public page's loader needs: the visitor's language, its strings and the origin. */
export function pageContext(request: Request) {
  const { language, source } = languageForRequest(request);
  const origin = publicOrigin(request);
  const t = getFixedT(language);
  return {
    language,
    t,
    /** The strings this page renders, for its loader data (the root loader sends `common`). */
    strings: (...namespaces: Namespace[]) => stringsFor(language, namespaces),
    origin,
    /** The search-engine description of this page in this language, at this URL. */
    seo: (page: PageSeoInput): PageSeo =>
      pageSeoOf(page, {
        origin,
        language,
        languageInUrl: source === "query",
        defaultImageAlt: t("meta.shareImageAlt"),
      }),
  };
}
