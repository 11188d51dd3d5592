import { redirect } from "react-router";
import {
  getAuth,
  GOOGLE_PROVIDER_ID,
  isGoogleConfigured,
  selfServiceRoles,
} from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { googleSignInStarted } from "#app/auth/google-attempt.server.ts";
import { safeReturnPath } from "#app/auth/permissions.ts";
import { redirectWithCookies } from "#app/auth/guards.server.ts";
import { isSupportedLanguage } from "#app/i18n/languages.ts";
import { isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import type { Route } from "./+types/google";

/**
 * POST /auth/google: starts the Google sign-in. The role asked for on the page (model or
 * affiliate, nothing else) travels in Better Auth's server-side OAuth state and is applied
 * only if the account is new (auth.server.ts, user.create.before).
 */
export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request) || !isGoogleConfigured()) throw redirect("/login?error=google");
  const form = await readForm(request);
  const role = selfServiceRoles.find((r) => r === form.get("role"));
  const language = String(form.get("language") ?? "");
  const back = safeReturnPath(String(form.get("redirect") ?? ""));
  const continueTo = `/auth/continue${back ? `?redirect=${encodeURIComponent(back)}` : ""}`;
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: continueTo,
        newUserCallbackURL: continueTo,
        // Better Auth adds ?error=<code> (login.tsx tells a provider failure from an account one).
        errorCallbackURL: "/login",
        additionalData: { role, language: isSupportedLanguage(language) ? language : undefined },
      },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!outcome.ok) throw redirect("/login?error=google");
  const response = outcome.response;
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!body?.url) throw redirect("/login?error=google");
  throw redirectWithCookies(body.url, response, { "Set-Cookie": googleSignInStarted(request) });
}

export function loader() {
  return redirect("/login");
}
