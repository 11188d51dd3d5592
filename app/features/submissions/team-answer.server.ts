import { data, redirect } from "react-router";
import { safeReturnPath } from "#app/auth/permissions.ts";

/** What a team form's endpoint answers a fetcher: done, or the locale key of what went wrong. */
export type TeamResult =
  { ok: true; error?: undefined; count?: number } | { ok?: undefined; error: string };

/**
 * The team forms post to resource routes with a fetcher, which shows the answer where the form
 * is and reloads the page's data. A browser without JavaScript posts the form itself (a
 * navigation): it goes back to the page it came from, `back`, when that is one of `allowed`.
 */
export function teamAnswer(
  request: Request,
  result: TeamResult,
  {
    status = 200,
    back,
    allowed,
  }: { status?: number; back?: string; allowed: (path: string) => boolean },
) {
  const path = safeReturnPath(back);
  const navigating = request.headers.get("sec-fetch-mode") === "navigate";
  if (navigating && status < 400 && path && allowed(new URL(path, "http://x.invalid").pathname)) {
    throw redirect(path, 303);
  }
  return data(result, status);
}
