import { expect } from "vitest";
import { getAuth, type Auth } from "#app/auth/auth.server.ts";
import * as login from "#app/routes/_auth/login.tsx";
import * as twoFactor from "#app/routes/_auth/two-factor.tsx";
import { signedInAccount } from "./accounts.server.ts";
import { CookieJar } from "./cookie-jar.ts";
import { callRoute, type BrowserRequests } from "./routes.ts";
import { totp } from "../../tests/e2e/accounts.ts";

/**
 * Two-step sign-in in unit tests: an account with an authenticator app, and the two steps of
 * signing in with it (her password, then a code) through the app's own routes. Codes are made
 * with `totp()` of tests/e2e/accounts.ts from the secret that comes back.
 */

/**
 * Turns on two-step sign-in with an authenticator app for a signed-in account, as she does at
 * /account/security (her password, then a first code): the app's secret comes back. Through the
 * app's Better Auth, or through `auth` where a test makes its own.
 */
export async function enableAuthenticator(input: {
  cookie: string;
  password: string;
  origin: string;
  auth?: Auth;
}) {
  const auth = input.auth ?? (await getAuth());
  const headers = { origin: input.origin, cookie: input.cookie };
  const enabled = await auth.api.enableTwoFactor({ body: { password: input.password }, headers });
  if (enabled.method !== "totp") throw new Error("expected an authenticator app's secret");
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  await auth.api.verifyTOTP({ body: { code: totp(secret) }, headers });
  return secret;
}

/**
 * A verified account of a role (signedInAccount) that has turned on an authenticator app: her
 * id, the cookie of the browser she did it in, and the app's secret.
 */
export async function accountWithAuthenticator(input: Parameters<typeof signedInAccount>[0]) {
  const { id, cookie } = await signedInAccount(input);
  const secret = await enableAuthenticator({
    cookie,
    password: input.password,
    origin: input.origin,
  });
  return { id, cookie, secret };
}

/**
 * Her password on the sign-in form, from a browser of its own: what comes back is that browser,
 * holding Better Auth's challenge (and no session), to be sent on to the code.
 */
export async function passwordStep(
  request: BrowserRequests,
  input: { email: string; password: string },
) {
  const jar = new CookieJar();
  const answer = await callRoute(login.action, request("/login", { form: input }));
  jar.take(answer.headers);
  expect(jar.has("mare.two_factor")).toBe(true);
  return jar;
}

/** A code (and a return path, if any) on /login/two-factor, from the browser the first step left. */
export const codeStep = (
  request: BrowserRequests,
  jar: CookieJar,
  form: { code: string; redirect?: string },
) => callRoute(twoFactor.action, request("/login/two-factor", { cookie: jar.header, form }));
