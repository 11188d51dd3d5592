import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getOAuthState } from "better-auth/api";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDatabase, type Database } from "#app/db/db.server.ts";
import * as schema from "#app/db/schema.server.ts";
import {
  defaultLanguage,
  isSupportedLanguage,
  normalizeLanguage,
  type Language,
} from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import {
  findTemplateOverride,
  resetPasswordMail,
  signUpAttemptMail,
  verificationMail,
} from "#app/mail/templates.server.ts";
import { getEnv, type Env } from "#app/utils/env.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { createAffiliate } from "./affiliate-account.server.ts";
import {
  accountClaimPlugin,
  claimUnlessSignedUpHere,
  VERIFY_PATH,
} from "./account-claim.server.ts";
import { authEventsPlugin, recordAuthEvent } from "./auth-events.server.ts";
import { oauthTwoFactorPlugin } from "./oauth-two-factor.server.ts";
import { passwordProblem } from "./password.server.ts";
import { logger } from "#app/utils/logger.server.ts";

/** Roles a visitor may ask for when she signs up; the others are given by an admin. */
export const selfServiceRoles = ["model", "affiliate"] as const;
export type SelfServiceRole = (typeof selfServiceRoles)[number];

export const GOOGLE_PROVIDER_ID = "google";
/** Better Auth names its cookies `mare.session_token`, `mare.two_factor`, … */
export const AUTH_COOKIE_PREFIX = "mare";
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * Accounts, sessions, e-mail verification, password reset, Google (OpenID Connect) and TOTP
 * two-factor, by Better Auth on the project's own database and mail outbox.
 * Built once, on first use, because the database opens asynchronously.
 */
function createAuth(db: Database, env: Env) {
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? [
          {
            providerId: GOOGLE_PROVIDER_ID,
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: `${env.GOOGLE_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
            scopes: ["openid", "email", "profile"],
            pkce: true,
          },
        ]
      : [];

  const secret = authSecret(env);
  const auth = betterAuth({
    appName: "Maré Talent",
    baseURL: mailOrigin(env),
    secret,
    trustedOrigins: [mailOrigin(env)],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    // The app applies its own limits, in its database, per address and per account
    // (app/auth/limits.server.ts); Better Auth's in-memory ones would not hold across instances.
    rateLimit: { enabled: false },
    // Into the server's JSON log, scrubbed like every line (a wrong password is not news: debug).
    logger: {
      level: "debug",
      log: (level, message, ...details: unknown[]) =>
        logger()[message === "Invalid password" ? "debug" : level](
          { event: "better-auth", ...(details.length ? { details } : {}) },
          message,
        ),
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: env.PUBLIC_ORIGIN?.startsWith("https://") ?? false,
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    session: {
      expiresIn: 7 * DAY,
      // A session in use is extended once a day; one left alone expires after a week.
      updateAge: DAY,
    },
    user: {
      additionalFields: {
        role: {
          type: "string",
          required: false,
          defaultValue: "model",
          input: true,
          // Whatever a request says, it can only ask to be a model or an affiliate.
          validator: { input: z.enum(selfServiceRoles) },
        },
        language: {
          type: "string",
          required: false,
          input: true,
          validator: { input: z.string().refine(isSupportedLanguage) },
        },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      // The reset link reached her mailbox: the address is hers (and so is the new password).
      onPasswordReset: async ({ user: owner }) => {
        await db
          .update(schema.user)
          .set({ emailVerified: true })
          .where(eq(schema.user.id, owner.id));
      },
      // An address that has an account already gets Better Auth's made-up answer (the page
      // says the same as for a new one), and its owner a word that someone tried.
      onExistingUserSignUp: async ({ user: owner }) => {
        const language = languageOf(owner);
        await queueMail(db, {
          kind: "sign-up-attempt",
          to: owner.email,
          language,
          ...signUpAttemptMail(language, owner.name, {
            signIn: `${mailOrigin(env)}/login`,
            reset: `${mailOrigin(env)}/forgot-password`,
          }),
        });
      },
      // The link carries the token in its hash (spec section 6): it never reaches a server log.
      sendResetPassword: async ({ user, token }) => {
        const language = languageOf(user);
        const url = `${mailOrigin(env)}/password-reset#access_token=${encodeURIComponent(token)}`;
        await queueMail(db, {
          kind: "reset",
          to: user.email,
          language,
          ...resetPasswordMail(
            language,
            user.name,
            url,
            await findTemplateOverride(db, "reset", language),
          ),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in before confirming sends a fresh link (the first may have expired).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: HOUR,
      // A password chosen in another browser does not survive (account-claim.server.ts).
      beforeEmailVerification: (owner, request) =>
        claimUnlessSignedUpHere({
          db,
          secret,
          cookiePrefix: AUTH_COOKIE_PREFIX,
          account: owner,
          request,
          createResetToken: async (userId, token, expiresAt) => {
            const context = await auth.$context;
            await context.internalAdapter.createVerificationValue({
              value: userId,
              identifier: `reset-password:${token}`,
              expiresAt,
            });
          },
        }),
      sendVerificationEmail: async ({ user, token }) => {
        const language = languageOf(user);
        // A page whose button confirms: opening the link changes nothing (mail scanners open
        // every link first; routes/_auth/verify-email.tsx), in the language of the mail,
        // whatever the browser it is opened in prefers.
        const url = `${mailOrigin(env)}${VERIFY_PATH}?token=${encodeURIComponent(token)}&lang=${language}`;
        await queueMail(db, {
          kind: "verification",
          to: user.email,
          language,
          ...verificationMail(
            language,
            user.name,
            url,
            await findTemplateOverride(db, "verification", language),
          ),
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // A Google sign-up brings the role chosen on the page through the OAuth state, where
          // Better Auth puts the keys of signInSocial's additionalData at the top level.
          before: async (user) => {
            const asked = (await getOAuthState().catch(() => null)) as {
              role?: unknown;
              language?: unknown;
            } | null;
            const role = selfServiceRoles.find((r) => r === (asked?.role ?? user.role)) ?? "model";
            const language =
              typeof asked?.language === "string" && isSupportedLanguage(asked.language)
                ? asked.language
                : (user as { language?: string }).language;
            return { data: { ...user, role, language } };
          },
          after: async (user, context) => {
            if ((user as { role?: string }).role === "affiliate") {
              await createAffiliate(db, { userId: user.id, promotion: "" });
            }
            // A visitor's own sign-up (an account made from the shell has no request).
            const method =
              context?.path === "/sign-up/email"
                ? "password"
                : context?.path?.includes("callback")
                  ? "google"
                  : null;
            if (method) await recordAuthEvent(db, { kind: "sign-up", method, userId: user.id });
          },
        },
      },
      session: {
        create: {
          // A disabled account cannot sign in, whichever way it tries.
          before: async (session) => {
            const [owner] = await db
              .select({ disabled: schema.user.disabled })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (owner?.disabled) throw new APIError("FORBIDDEN", { message: "ACCOUNT_DISABLED" });
            return { data: session };
          },
        },
      },
    },
    hooks: {
      // Every new password, whichever way it arrives, meets the policy.
      before: createAuthMiddleware(async (ctx) => {
        const newPasswordPaths = ["/sign-up/email", "/reset-password", "/change-password"];
        if (!newPasswordPaths.includes(ctx.path)) return;
        const body = ctx.body as { password?: unknown; newPassword?: unknown } | undefined;
        const password = ctx.path === "/sign-up/email" ? body?.password : body?.newPassword;
        const problem = typeof password === "string" ? passwordProblem(password) : "required";
        if (problem)
          throw new APIError("BAD_REQUEST", { message: `PASSWORD_${problem.toUpperCase()}` });
      }),
    },
    plugins: [
      twoFactor({ issuer: "Maré Talent" }),
      genericOAuth({ config: google }),
      // The same second step after Google as after a password.
      oauthTwoFactorPlugin(),
      accountClaimPlugin(db, secret),
      // After twoFactor and the OAuth one: their hooks decide whether a sign-in finished.
      authEventsPlugin(db),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

let current: { auth: Auth; db: Database; env: Env } | undefined;

/**
 * The app's auth, bound to the app's database and settings: made again if the database was
 * closed and reopened, or the settings read afresh (both happen in tests only).
 */
export async function getAuth(): Promise<Auth> {
  const db = await getDatabase();
  const env = getEnv();
  if (current?.db !== db || current.env !== env) current = { auth: createAuth(db, env), db, env };
  return current.auth;
}

/** For tests that open a database of their own. */
export function createAuthFor(db: Database, env: Env = getEnv()) {
  return createAuth(db, env);
}

export const isGoogleConfigured = () => {
  const env = getEnv();
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
};

/** The language her mails go out in: the one she signed up in, else Portuguese. */
function languageOf(user: object): Language {
  const language = (user as { language?: unknown }).language;
  return normalizeLanguage(typeof language === "string" ? language : null) ?? defaultLanguage;
}

/**
 * BETTER_AUTH_SECRET signs sessions and tokens. Without it (development), one is generated
 * once into the data folder, as the encryption key is; the production checklist flags that.
 */
function authSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.DATA_DIR === "memory://") return randomBytes(32).toString("base64");
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  // The data folder is its owner's alone (see makeDataDirPrivate), also when only keys are in it.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}
