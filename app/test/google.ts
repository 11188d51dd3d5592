import { afterAll, beforeAll, vi } from "vitest";
import type { RouteOutcome } from "./routes.ts";
import { callRoute } from "./routes.ts";
import { CookieJar } from "./cookie-jar.ts";
import * as authApi from "#app/routes/resources/auth-api.ts";
import { startLocalGoogle, type GoogleIdentity } from "../../tests/local-google.ts";

type LocalGoogle = Awaited<ReturnType<typeof startLocalGoogle>>;

/**
 * A Google sign-in followed as a browser follows it, after the page's POST /auth/google
 * answered `start`: to the provider (a local OpenID Connect server), and back through Better
 * Auth's callback. `request` builds the app's requests (the test's address, cookies). What comes
 * back is the callback's answer and the cookies the browser then holds.
 */
export async function followGoogleSignIn(
  start: Pick<RouteOutcome, "location" | "headers">,
  request: (path: string, cookie: string) => Request,
) {
  const jar = new CookieJar().take(start.headers);
  const provider = await fetch(start.location!, { redirect: "manual" });
  const callback = new URL(provider.headers.get("location")!);
  const answer = await callRoute(
    authApi.loader,
    request(`${callback.pathname}${callback.search}`, jar.header),
  );
  jar.take(answer.headers);
  return { answer, jar, callback };
}

/**
 * For a describe block whose tests sign in with Google: a local OpenID Connect server for the
 * block, and the app configured to use it (GOOGLE_ISSUER, a client id and secret), unset after.
 */
export function useLocalGoogle() {
  let google: LocalGoogle | undefined;
  beforeAll(async () => {
    google = await startLocalGoogle();
    vi.stubEnv("GOOGLE_ISSUER", google.issuer);
    vi.stubEnv("GOOGLE_CLIENT_ID", "mare-test-client");
    vi.stubEnv("GOOGLE_CLIENT_SECRET", "mare-test-secret");
  });
  afterAll(async () => {
    await google?.stop();
    vi.stubEnv("GOOGLE_CLIENT_ID", "");
    vi.stubEnv("GOOGLE_CLIENT_SECRET", "");
  });
  const running = () => {
    if (!google) throw new Error("useLocalGoogle: used outside its describe block's tests");
    return google;
  };
  return {
    get issuer() {
      return running().issuer;
    },
    signInAs: (identity: GoogleIdentity) => running().signInAs(identity),
    refuseNext: (error?: string, description?: string) => running().refuseNext(error, description),
  };
}
