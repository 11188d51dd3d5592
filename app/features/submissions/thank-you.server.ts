import { redirect } from "react-router";
import { getDatabase } from "#app/db/db.server.ts";
import { readCookie } from "#app/utils/cookies.server.ts";
import { publicOrigin } from "#app/utils/origin.server.ts";
import { DEFAULT_REPLY_DAYS, promisedReplyDays } from "#app/features/site/site-settings.server.ts";
import type { ReplyPromise } from "./thank-you.ts";

/**
 * A form sent without JavaScript (or before the page's code arrived) is answered with a redirect
 * to its page, so that a reload shows the page again instead of sending the application twice.
 * The thank-you panel rides along in a cookie the next page reads once and clears. It holds only
 * what she typed herself (her address and whether she gave a number), lives a minute, and no
 * script reads it; any other cookie keeps the page out of the shared store (decision 015).
 */
const COOKIE = "applied";
const MAX_AGE_SECONDS = 60;
const MAX_EMAIL = 254;

/** A post the browser sent as a page load (a plain form), not the page's script. */
export function isDocumentPost(request: Request) {
  return request.headers.get("sec-fetch-mode") === "navigate";
}

function cookie(request: Request, value: string, maxAge: number) {
  const secure = publicOrigin(request).startsWith("https:");
  return `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The answer to an application sent by a plain form: back to its page at the form's section (a
 * fixed address of the caller's, never one taken from the request), with the panel's cookie.
 */
export function thankYouRedirect(
  request: Request,
  location: `/${string}#${string}`,
  reply: ReplyPromise,
  answerHeaders: Record<string, string> | undefined,
) {
  const headers = new Headers(answerHeaders);
  const value = encodeURIComponent(
    JSON.stringify({ email: reply.email, whatsapp: reply.whatsapp }),
  );
  headers.append("Set-Cookie", cookie(request, value, MAX_AGE_SECONDS));
  return redirect(location, { status: 303, headers });
}

function parse(value: string): Omit<ReplyPromise, "days"> | null {
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    if (typeof parsed !== "object" || parsed === null) return null;
    const { email, whatsapp } = parsed as Record<string, unknown>;
    if (typeof email !== "string" || email.length > MAX_EMAIL || typeof whatsapp !== "boolean") {
      return null;
    }
    return { email, whatsapp };
  } catch {
    return null;
  }
}

/**
 * For the loader of a page with the form: the panel of an application just sent by a plain form,
 * once (the cookie is cleared with this answer), or null. A page that shows it is hers alone.
 */
export async function takeThankYou(
  request: Request,
): Promise<{ thanks: ReplyPromise | null; headers?: Headers }> {
  const value = readCookie(request, COOKIE);
  if (value === null) return { thanks: null };
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  headers.append("Set-Cookie", cookie(request, "", 0));
  const given = parse(value);
  if (!given) return { thanks: null, headers };
  return { thanks: { ...given, days: await replyDays() }, headers };
}

/**
 * The promised days for a panel. The application is stored by then: a setting that cannot be
 * read gives the spec's promise, never an error for an application that was kept.
 */
export function replyDays(): Promise<number> {
  return getDatabase()
    .then(promisedReplyDays)
    .catch(() => DEFAULT_REPLY_DAYS);
}
