import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "#app/db/db.server.ts";
import { account, affiliates, session, user, verification } from "#app/db/schema.server.ts";
import { normalizeLanguage } from "#app/i18n/languages.ts";
import { readCookie } from "#app/utils/cookies.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { createAffiliate } from "./affiliate-account.server.ts";

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
 * In that same step she gives her own name and chooses her role: nothing the stranger typed
 * stays (completeClaim).
 *
 * The mailed link itself changes nothing: mail scanners open every link before the person
 * does. It opens a page (routes/_auth/verify-email.tsx) whose one button posts the token.
 */

/** Better Auth adds its prefix: `mare.signed_up`, or `__Secure-mare.signed_up` over https. */
const SIGNED_UP_COOKIE = "signed_up";
/** Longer than a verification link lives (an hour): she may ask for a new link days later. */
const SIGNED_UP_MAX_AGE = 30 * 24 * 60 * 60;
const RESET_TOKEN_SECONDS = 60 * 60;
/** Only the page the mailed link opens ever reads it, when its button is pressed. */
export const VERIFY_PATH = "/verify-email";

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
 * Auth answers an address that has an account with a made-up user (no enumeration); that
 * answer gets its proof cookie too, so the two answers look the same, cookie for cookie. The
 * made-up id names no row, so its proof proves nothing.
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
  const expiresAt = new Date(Date.now() + RESET_TOKEN_SECONDS * 1000);
  await input.createResetToken(owner.id, token, expiresAt);
  await db.transaction(async (tx) => {
    // The same token lets her give her name and role with her password (completeClaim).
    await tx
      .insert(verification)
      .values({ id: randomUUID(), identifier: claimIdentifier(token), value: owner.id, expiresAt });
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

const claimIdentifier = (token: string) => `claim:${token}`;

/**
 * The account a claim's token belongs to, while it is valid: one made for a link opened away
 * from the browser that signed up, or any reset token of an account whose address was never
 * confirmed (its owner took it back through "forgot password"). Null for any other token.
 */
async function claimedAccount(db: Database, token: string) {
  const now = new Date();
  const [claimed] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(
      and(eq(verification.identifier, claimIdentifier(token)), gt(verification.expiresAt, now)),
    );
  if (claimed) return claimed.userId;
  const [unconfirmed] = await db
    .select({ userId: user.id })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(
      and(
        eq(verification.identifier, `reset-password:${token}`),
        gt(verification.expiresAt, now),
        eq(user.emailVerified, false),
      ),
    );
  return unconfirmed?.userId ?? null;
}

export const isClaimToken = async (db: Database, token: string) =>
  (await claimedAccount(db, token)) !== null;

/**
 * The owner's own name and role for a claimed account, in place of what the stranger typed. An
 * affiliate's row made at the stranger's sign-up (his "how I promote" text with it) goes; she
 * gets a fresh one if she chooses to be an affiliate. Run before her password is set and again
 * if she has to retry: it only ever writes what she chose. Returns false for a token that is
 * not a valid claim's.
 */
export async function applyClaimChoices(
  db: Database,
  token: string,
  choices: { name: string; role: "model" | "affiliate" },
) {
  const userId = await claimedAccount(db, token);
  if (!userId) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ name: choices.name, role: choices.role })
      .where(eq(user.id, userId));
    await tx.delete(affiliates).where(eq(affiliates.userId, userId));
    if (choices.role === "affiliate") await createAffiliate(tx, { userId, promotion: "" });
  });
  logger().info({ event: "account.claim-completed", userId, role: choices.role });
  return true;
}

/** Once her password is set, the claim's token is spent. */
export async function endClaim(db: Database, token: string) {
  await db.delete(verification).where(eq(verification.identifier, claimIdentifier(token)));
}
