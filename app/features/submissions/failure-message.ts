import type { TFunction } from "i18next";
import type { ApplicationResult } from "./receive.server";

/** Why an application was not taken, in her language (for every answer but success). */
export function failureMessage(t: TFunction, answer: ApplicationResult) {
  switch (answer.status) {
    case "limited":
      return t("validation.tooManyRequests", { minutes: answer.retryAfterMinutes });
    case "refused":
      return t("validation.crossSite");
    case "tooLarge":
      return t("validation.tooLarge");
    case "malformed":
      return t("validation.malformed");
    default:
      return t("preselection.errorDescription");
  }
}
