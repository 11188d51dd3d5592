import { endedInChallenge } from "./oauth-two-factor.server.ts";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { authEvents, user, type AuthEventKind } from "#app/db/schema.server.ts";
import { logger } from "#app/utils/logger.server.ts";

/**
 * Sign-ins, failed sign-ins, sign-ups, password resets and rate-limit refusals, one row each in
 * `auth_events`: the auth report (admin/auth-report) and each user's last sign-in
 * (admin/users) read them. No address or IP is kept here, only the account when it is known.
 *
 * `method` says how: `password`, `google`, `two-factor` (the app code or a backup code after a
 * correct password) or `email-link` (the verification link signs her in). For `rate-limited` it
 * names the form that was refused: `sign-in`, `sign-up`, `reset` or `two-factor`.
 */
export type AuthEventMethod =
  "password" | "google" | "two-factor" | "email-link" | "sign-in" | "sign-up" | "reset";

export interface AuthEvent {
  kind: AuthEventKind;
  method?: AuthEventMethod | null;
  userId?: string | null;
}

/**
 * Writes one event. Recording must never break a sign-in: a failure is logged and swallowed.
 */
export async function recordAuthEvent(db: Pick<Database, "insert">, event: AuthEvent) {
  try {
    await db.insert(authEvents).values({
      kind: event.kind,
      method: event.method ?? null,
      userId: event.userId ?? null,
    });
  } catch (error) {
    logger().error({ event: "auth.event-not-recorded", kind: event.kind, err: error });
  }
}

/** How a Better Auth endpoint signs someone in, or null for endpoints that do not. */
function signInMethod(path: string | undefined): AuthEventMethod | null {
  switch (path) {
    case "/sign-in/email":
      return "password";
    case "/two-factor/verify-totp":
    case "/two-factor/verify-backup-code":
    case "/two-factor/verify-otp":
      return "two-factor";
    case "/verify-email":
      return "email-link";
    case "/callback/:id":
    case "/oauth2/callback/:providerId":
      return "google";
    default:
      return null;
  }
}

function isRefusal(returned: unknown) {
  return isAPIError(returned) && returned.statusCode >= 400;
}

/**
 * A Better Auth plugin recording sign-ins and failed sign-ins. Put it after the twoFactor plugin:
 * after hooks run in that order, and twoFactor's clears `newSession` when a correct password
 * still needs the app's code, so only a finished sign-in is counted.
 * Sign-ups are recorded by the user-create hook in auth.server.ts (email and Google alike).
 */
export function authEventsPlugin(db: Database) {
  return {
    id: "mare-auth-events",
    hooks: {
      after: [
        {
          matcher: (ctx) => signInMethod(ctx.path) !== null || ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (ctx.path === "/reset-password") {
              if (!isAPIError(returned)) await recordAuthEvent(db, { kind: "password-reset" });
              return;
            }
            const method = signInMethod(ctx.path)!;
            // The two-step endpoints also confirm the app when she turns two-step sign-in on
            // (signed in already): only the challenge after a password, which carries Better
            // Auth's two-factor cookie, is a sign-in.
            const challenge =
              method === "two-factor"
                ? await ctx.getSignedCookie(
                    ctx.context.createAuthCookie("two_factor").name,
                    ctx.context.secret,
                  )
                : null;
            if (method === "two-factor" && !challenge) return;
            const created = ctx.context.newSession;
            if (created) {
              await recordAuthEvent(db, { kind: "sign-in", method, userId: created.user.id });
              return;
            }
            // A bad verification link is not a failed sign-in. The OAuth callback answers with a
            // redirect either way: without a new session, Google's sign-in failed.
            if (method === "email-link") return;
            if (method === "google") {
              // Google was right, and the app's code comes next (oauth-two-factor.server.ts).
              if (endedInChallenge(ctx.context)) return;
              await recordAuthEvent(db, { kind: "sign-in-failed", method });
              return;
            }
            if (!isRefusal(returned)) return; // a correct password waiting for the app's code
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            // The challenge cookie names a verification row whose value is her user id.
            const pending = challenge
              ? await ctx.context.internalAdapter.findVerificationValue(challenge)
              : null;
            await recordAuthEvent(db, {
              kind: "sign-in-failed",
              method,
              userId:
                pending?.value ?? (typeof email === "string" ? await userIdOf(db, email) : null),
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

async function userIdOf(db: Database, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row?.id ?? null;
}
