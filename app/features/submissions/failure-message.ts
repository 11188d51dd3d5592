import type { Translate } from "#app/i18n/translation.tsx";
import type { ApplicationResult } from "./receive.server.ts";

export interface Message {
  key: string;
  params: Record<string, number>;
}

/** Why an application was not taken (any answer but success), as a translation key. */
export function failureMessageKey(answer: ApplicationResult): Message {
  switch (answer.status) {
    case "limited":
      return { key: "validation.tooManyRequests", params: { minutes: answer.retryAfterMinutes } };
    case "refused":
      return { key: "validation.crossSite", params: {} };
    case "tooLarge":
      return { key: "validation.tooLarge", params: {} };
    case "malformed":
      return { key: "validation.malformed", params: {} };
    case "error":
      // The database could not store it (down or too slow): say that nothing of hers is lost.
      return { key: "preselection.unavailableDescription", params: {} };
    default:
      return { key: "preselection.errorDescription", params: {} };
  }
}

/** The same, in her language. */
export function failureMessage(t: Translate, answer: ApplicationResult) {
  const { key, params } = failureMessageKey(answer);
  return t(key, params);
}
