import { callAuth } from "./call.server.ts";
import { getAuth } from "./auth.server.ts";
import { hasAuthCookie } from "./guards.server.ts";

export type SignOutOutcome =
  /** Her session is gone; the answer's cookies tell her browser to forget it. */
  | { kind: "ended"; response: Response }
  /** There was no session to end. */
  | { kind: "none" }
  /** The session may still be alive on the server: she is still signed in. */
  | { kind: "failed"; status: number; code?: string };

/**
 * Ends the request's session. Better Auth's sign-out answers success and clears the cookie even
 * when it could not delete the session (it logs the database error and carries on): her browser
 * would forget a session the server still honours for any copy of the cookie. So a sign-out
 * counts only once the session is no longer found, and otherwise her cookie is left alone for
 * her to try again.
 */
export async function endSession(request: Request): Promise<SignOutOutcome> {
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.signOut({ headers: request.headers, asResponse: true }),
  );
  if (!outcome.ok) {
    return outcome.status < 500
      ? { kind: "none" }
      : { kind: "failed", status: outcome.status, code: outcome.code };
  }
  if (!hasAuthCookie(request, "session_token")) return { kind: "none" };
  // The same cookie again: a session that survived the sign-out is still found by it.
  const left = await callAuth(() =>
    auth.api.getSession({ headers: request.headers, asResponse: true }),
  );
  if (!left.ok) return { kind: "failed", status: left.status, code: left.code };
  const session: unknown = await left.response.json().catch(() => "unreadable");
  return session === null
    ? { kind: "ended", response: outcome.response }
    : { kind: "failed", status: 500, code: "SESSION_NOT_DELETED" };
}
