import { randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { safeReturnPath } from "./permissions.ts";

/** The OAuth return paths of Better Auth (genericOAuth's and the built-in providers'). */
export const OAUTH_CALLBACK_PATHS = new Set(["/callback/:id", "/oauth2/callback/:providerId"]);

/** What Better Auth's twoFactor plugin names its challenge cookie and how long it lives. */
const TWO_FACTOR_COOKIE = "two_factor";
const CHALLENGE_SECONDS = 10 * 60;

// Sign-ins held back for the second step, so the auth events plugin does not count them.
const challenged = new WeakSet<object>();

/** Whether this endpoint call ended in the two-step challenge instead of a session. */
export const endedInChallenge = (context: object) => challenged.has(context);

/**
 * Two-step sign-in after Google too (product.md section 2: "applies to every first factor").
 * Better Auth's twoFactor plugin holds back only the password sign-ins: after Google, an
 * account with an authenticator app would be signed in with no code at all. This hook does for
 * the OAuth return what that plugin does for a password, with the plugin's own cookie and
 * records, so /login/two-factor and its endpoints finish it unchanged: the new session is
 * deleted (its cookie expired), a short-lived challenge is issued, and the browser goes to the
 * code page instead of the page it was going to (which it reaches after the code).
 * Put it after twoFactor and before the auth events plugin.
 */
export function oauthTwoFactorPlugin() {
  return {
    id: "mare-oauth-two-factor",
    hooks: {
      after: [
        {
          matcher: (ctx) => OAUTH_CALLBACK_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn?.user.twoFactorEnabled) return;

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);
            challenged.add(ctx.context);

            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
              maxAge: CHALLENGE_SECONDS,
            });
            const identifier = `2fa-${randomBytes(15).toString("hex")}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: signedIn.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: "0",
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            await ctx.setSignedCookie(
              cookie.name,
              identifier,
              ctx.context.secret,
              cookie.attributes,
            );

            // Where the sign-in was going (/auth/continue?redirect=…): her page, after the code.
            const headers = (ctx.context.returned as { headers?: HeadersInit } | undefined)
              ?.headers;
            const going = headers ? new Headers(headers).get("location") : null;
            const back = going
              ? safeReturnPath(new URL(going, "http://x.invalid").searchParams.get("redirect"))
              : null;
            throw ctx.redirect(
              `/login/two-factor${back ? `?redirect=${encodeURIComponent(back)}` : ""}`,
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
