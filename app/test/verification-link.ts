import { VERIFY_PATH } from "#app/auth/account-claim.server.ts";
import * as verifyEmail from "#app/routes/_auth/verify-email.tsx";
import { callRoute } from "./routes.ts";

/** Builds a test's request: a GET of `path`, or a POST of `form` to it. */
type Send = (path: string, form?: Record<string, string>) => Request;

/**
 * A mailed verification link, opened as her browser does: the page, which changes nothing
 * (mail scanners open it too), then its one button, which posts the token. The button's
 * answer is returned (a redirect with cookies).
 */
export async function confirmVerificationLink(link: URL, send: Send) {
  const page = await callRoute(verifyEmail.loader, send(`${link.pathname}${link.search}`));
  if (page.status !== 200) throw new Error(`the link's page answered ${page.status}`);
  return callRoute(
    verifyEmail.action,
    send(VERIFY_PATH, { token: link.searchParams.get("token") ?? "" }),
  );
}
