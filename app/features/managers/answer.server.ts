import { data, redirect } from "react-router";
import { safeReturnPath } from "#app/auth/permissions.ts";
import type { BulkCounts, ManagerOutcome } from "./outcomes.ts";

/** What an assignment's endpoint answers a fetcher: what happened, or what was wrong. */
export interface ManagerAnswer {
  ok: boolean;
  outcome: ManagerOutcome;
  counts?: BulkCounts;
}

/**
 * The answer to a fetcher as data (a refusal with its 4xx). A browser without JavaScript posts
 * the form itself: it is sent back (303) to the page it came from, when that is one of
 * `allowed`, with `?manager=<outcome>` (and a bulk one's counts) for the page to say what
 * happened; nothing else of the answer travels in the address.
 */
export function managerAnswer(
  request: Request,
  answer: ManagerAnswer,
  {
    status = 200,
    back,
    allowed,
  }: { status?: number; back?: string; allowed: (path: string) => boolean },
) {
  const navigating = request.headers.get("sec-fetch-mode") === "navigate";
  const path = safeReturnPath(back);
  if (navigating && path) {
    const url = new URL(path, "http://return.invalid");
    if (allowed(url.pathname)) {
      url.searchParams.set("manager", answer.outcome);
      const { counts } = answer;
      if (counts) {
        url.searchParams.set("managed", `${counts.changed}.${counts.unchanged}.${counts.skipped}`);
      }
      throw redirect(`${url.pathname}${url.search}`, 303);
    }
  }
  return data(answer, status);
}
