import { redirect } from "react-router";
import { endSession } from "#app/auth/sign-out.server.ts";
import { redirectWithCookies } from "#app/auth/guards.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { requestLogger } from "#app/utils/logger.server.ts";
import { isCrossSiteRequest } from "#app/utils/request.server.ts";
import type { Route } from "./+types/logout";

/**
 * POST /logout: ends the session on the server and clears its cookie. When the session could
 * not be ended (the database unreachable), she is still signed in and must not be told
 * otherwise: 503, which the account menu turns into the 'Falha ao sair' toast (spec section 8)
 * and a browser without JavaScript shows as the same words.
 */
export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) throw redirect("/");
  let failure: Record<string, unknown>;
  try {
    const outcome = await endSession(request);
    if (outcome.kind === "ended") return redirectWithCookies("/", outcome.response);
    // Signed out already (no session): nothing to end, and home is where she wanted to go.
    if (outcome.kind === "none") return redirect("/");
    failure = { status: outcome.status, code: outcome.code };
  } catch (error) {
    failure = { err: error };
  }
  requestLogger(request).error({ event: "auth.sign-out-failed", ...failure });
  const t = getFixedT(languageForRequest(request).language);
  return new Response(`${t("account.logoutFailedTitle")}\n${t("account.logoutFailed")}\n`, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader() {
  return redirect("/");
}
