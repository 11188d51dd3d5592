import { redirect } from "react-router";
import { z } from "zod";
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
import { parseForm, textField } from "#app/utils/form.server.ts";
import type { Route } from "./+types/google";

const googleForm = z.object({
  // Any other role is none: the account is made as the page's default.
  role: z.enum(selfServiceRoles).optional().catch(undefined),
  language: textField,
  redirect: textField,
});

/**
 * POST /auth/google: starts the Google sign-in. The role asked for on the page (model or
 * affiliate, nothing else) travels in Better Auth's server-side OAuth state and is applied
 * only if the account is new (auth.server.ts, user.create.before).
 */
export async function action({ request }: Route.ActionArgs) {
  if (!isGoogleConfigured()) throw redirect("/login?error=google");
  const form = await parseForm(request, googleForm);
  if (!form.success) throw redirect("/login?error=google");
  const { role, language } = form.data;
  const back = safeReturnPath(form.data.redirect);
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
