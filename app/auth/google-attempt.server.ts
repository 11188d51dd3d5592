import { readCookie } from "#app/utils/cookies.server.ts";
import { publicOrigin } from "#app/utils/origin.server.ts";

/**
 * A mark that this browser has just started a Google sign-in (POST /auth/google). /login shows
 * the provider's own words about a failure only to a browser carrying it: without it, a link
 * someone wrote with `?error=…&error_description=<their text>` would put their text on our page
 * under our name. A stranger's link gets the fixed, translated message instead.
 */
const NAME = "google_sign_in";
/** About the time a person takes at Google's consent screen, and Better Auth's state lives. */
const MAX_AGE_SECONDS = 600;

function cookie(request: Request, value: string, maxAge: number) {
  const secure = publicOrigin(request).startsWith("https:") ? "; Secure" : "";
  // Sent to /login only, where a failed round trip ends.
  return `${NAME}=${value}; Path=/login; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function googleSignInStarted(request: Request): string {
  return cookie(request, "1", MAX_AGE_SECONDS);
}

export function googleSignInEnded(request: Request): string {
  return cookie(request, "", 0);
}

export function hasStartedGoogleSignIn(request: Request): boolean {
  return readCookie(request, NAME) === "1";
}
