import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Namespace } from "#app/i18n/namespaces.ts";
import { stringsFor } from "#app/i18n/resources.server.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { publicOrigin } from "./origin.server.ts";
import type { PageSeo } from "./seo.ts";

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
    seo: ({
      image,
      ...page
    }: Pick<PageSeo, "title" | "description" | "path" | "type" | "alternates"> & {
      /** A page's own share image, with what it shows; the default one has its description. */
      image?: { src: string; alt: string };
    }): PageSeo => ({
      ...page,
      ...(image ? { image: image.src } : {}),
      imageAlt: image?.alt ?? t("meta.shareImageAlt"),
      origin,
      language,
      languageInUrl: source === "query",
    }),
  };
}
