import type { RouteOutcome } from "./routes";
import { callRoute } from "./routes";
import { CookieJar } from "./cookie-jar";
import * as authApi from "~/routes/resources/auth-api";

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
