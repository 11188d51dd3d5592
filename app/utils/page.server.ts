import { getFixedT } from "~/i18n/i18n.server";
import { languageForRequest } from "~/i18n/language.server";
import { publicOrigin } from "./origin.server";

/** What every public page's loader needs: the visitor's language, its strings and the origin. */
export function pageContext(request: Request) {
  const { language } = languageForRequest(request);
  return { language, t: getFixedT(language), origin: publicOrigin(request) };
}
