import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "#app/db/db.server.ts";
import { account, session, user } from "#app/db/schema.server.ts";
import { normalizeLanguage } from "#app/i18n/languages.ts";
import { readCookie } from "#app/utils/cookies.server.ts";
import { logger } from "#app/utils/logger.server.ts";

/**
 * Who owns an account's password (product.md section 2: "a password chosen before the address
 * was verified never survives verification").
 *
 * Anyone can sign up with someone else's address and a password of their choosing. The owner of
 * the mailbox then gets a genuine verification mail (sent again each time the stranger tries to
 * sign in); if clicking it verified the account as it stood, the stranger's password would open
 * it from then on. So verification keeps the password only when it is confirmed in the browser
 * that chose it: sign-up leaves a signed cookie there, bound to the new account's id. A link
 * opened anywhere else still proves the mailbox, so the address is verified, but the password
 * goes, every session ends, nobody is signed in, and the clicker is sent straight to choose a
 * password of her own (a reset token made for her, which only the mailbox's owner can reach).
 */

/** Better Auth adds its prefix: `mare.signed_up`, or `__Secure-mare.signed_up` over https. */
const SIGNED_UP_COOKIE = "signed_up";
/** Longer than a verification link lives (an hour): she may ask for a new link days later. */
const SIGNED_UP_MAX_AGE = 30 * 24 * 60 * 60;
const RESET_TOKEN_SECONDS = 60 * 60;
/** Only the link's own endpoint ever reads it. */
const VERIFY_PATH = "/api/auth/verify-email";

/** Where the clicker of a link from another browser chooses her password. */
export const CLAIM_PATH = "/password-reset?claim=1";

function proofOf(secret: string, userId: string) {
  return createHmac("sha256", secret).update(`signed-up:${userId}`).digest("base64url");
}

/** Whether this request comes from the browser that signed the account up. */
export function signedUpHere(
  request: Request | undefined,
  secret: string,
  userId: string,
  cookiePrefix: string,
) {
  if (!request) return false;
  const expected = Buffer.from(proofOf(secret, userId));
  const name = `${cookiePrefix}.${SIGNED_UP_COOKIE}`;
  return [name, `__Secure-${name}`].some((cookie) => {
    const given = Buffer.from(readCookie(request, cookie) ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * The Better Auth plugin that leaves the sign-up proof in the browser that signed up. Better
 * Auth answers an address that has an account with a made-up user (no enumeration): that id
 * names no row, so its proof proves nothing.
 */
export function accountClaimPlugin(db: Database, secret: string) {
  return {
    id: "mare-account-claim",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
            const id = returned?.user?.id;
            if (typeof id !== "string") return;
            const [created] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
            if (!created) return;
            const cookie = ctx.context.createAuthCookie(SIGNED_UP_COOKIE, {
              maxAge: SIGNED_UP_MAX_AGE,
              path: VERIFY_PATH,
            });
            ctx.setCookie(cookie.name, proofOf(secret, id), {
              ...cookie.attributes,
              path: VERIFY_PATH,
              maxAge: SIGNED_UP_MAX_AGE,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Better Auth's `beforeEmailVerification`: a link opened in the browser that signed up goes on
 * as usual (verified, signed in). Anywhere else, the account's password is taken away, the
 * address verified, and the clicker sent to choose her own password; Better Auth's own
 * verification (and its automatic sign-in) never runs.
 */
export async function claimUnlessSignedUpHere(input: {
  db: Database;
  secret: string;
  cookiePrefix: string;
  account: { id: string; emailVerified: boolean; language?: unknown };
  request: Request | undefined;
  createResetToken: (userId: string, token: string, expiresAt: Date) => Promise<void>;
}) {
  const { db, account: owner } = input;
  if (owner.emailVerified) return;
  if (signedUpHere(input.request, input.secret, owner.id, input.cookiePrefix)) return;
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, owner.id), eq(account.providerId, "credential")));
  // No password to distrust (an account made otherwise): verification goes on.
  if (!credential) return;

  const token = randomBytes(24).toString("base64url");
  await input.createResetToken(owner.id, token, new Date(Date.now() + RESET_TOKEN_SECONDS * 1000));
  await db.transaction(async (tx) => {
    await tx.delete(account).where(eq(account.id, credential.id));
    await tx.delete(session).where(eq(session.userId, owner.id));
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
  });
  logger().info({ event: "account.claimed", userId: owner.id });
  // In the language she signed up in (her mails' language), whatever this browser prefers.
  const language = typeof owner.language === "string" ? normalizeLanguage(owner.language) : null;
  throw new APIError("FOUND", undefined, {
    location: `${CLAIM_PATH}${language ? `&lang=${language}` : ""}#access_token=${encodeURIComponent(token)}`,
  });
}
