import { redirect } from "react-router";
import { roles, type Role } from "#app/db/roles.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { AUTH_COOKIE_PREFIX, getAuth } from "./auth.server.ts";
import { actorsOf, inBackOffice, mayOpen, rolesOf, type ScreenName } from "./permissions.ts";

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  twoFactorEnabled: boolean;
}

/**
 * The role that counts: admin for the verified owner of ADMIN_EMAIL (an unverified account
 * with that address is not admin), otherwise the stored one.
 */
export function effectiveRole(user: {
  email: string;
  emailVerified: boolean;
  role?: unknown;
}): Role {
  const adminEmail = getEnv().ADMIN_EMAIL;
  if (adminEmail && user.emailVerified && user.email.toLowerCase() === adminEmail) return "admin";
  const role = user.role;
  return typeof role === "string" && role !== "model" && (roles as readonly string[]).includes(role)
    ? (role as Role)
    : "model";
}

/** Whether the request carries one of Better Auth's cookies (plain, or `__Secure-` behind https). */
export function hasAuthCookie(request: Request, name: "session_token" | "two_factor") {
  const cookies = request.headers.get("cookie") ?? "";
  return new RegExp(`(^|;\\s*)(__Secure-)?${AUTH_COOKIE_PREFIX}\\.${name}=`).test(cookies);
}

// The root loader, the area's middleware and the page's loader all ask for the same request's
// user: the session is read from the database once per request.
const usersOfRequests = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user of a request, or null. A session cookie alone is not trusted. */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let user = usersOfRequests.get(request);
  if (!user) {
    user = readCurrentUser(request);
    usersOfRequests.set(request, user);
  }
  return user;
}

async function readCurrentUser(request: Request): Promise<CurrentUser | null> {
  if (!hasAuthCookie(request, "session_token")) return null; // no database round trip
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session) return null;
  const { user } = session;
  if ((user as { disabled?: boolean }).disabled) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    role: effectiveRole(user),
    twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean }).twoFactorEnabled),
  };
}

/**
 * The guard of a signed-in screen's loader (who may open it: app/auth/permissions.ts): a visitor
 * goes to /login with the path to come back to; a signed-in user of another role goes to
 * /permission-denied.
 */
export function requireScreen(request: Request, screen: ScreenName): Promise<CurrentUser> {
  return requireRole(request, screen, rolesOf(screen));
}

/** The guard of a screen's action: who may send its forms, where fewer than may open it. */
export function requireScreenAction(request: Request, screen: ScreenName): Promise<CurrentUser> {
  return requireRole(request, screen, actorsOf(screen));
}

async function requireRole(request: Request, screen: ScreenName, allowed: readonly Role[]) {
  const user = await requireUser(request);
  // Staff see every applicant's data: in production (an https PUBLIC_ORIGIN) the back office
  // asks for two-step sign-in before anything else, an admin-only screen included.
  if (
    inBackOffice(screen) &&
    mayOpen(user.role, "admin") &&
    !user.twoFactorEnabled &&
    staffTwoFactorRequired()
  ) {
    throw redirect("/account/security?required");
  }
  if (!allowed.includes(user.role)) throw redirect("/permission-denied");
  return user;
}

export function staffTwoFactorRequired() {
  return getEnv().PUBLIC_ORIGIN?.startsWith("https://") ?? false;
}

/** A redirect that carries the cookies Better Auth set in its answer (session, OAuth state). */
export function redirectWithCookies(to: string, from: Response, init: HeadersInit = {}) {
  const headers = new Headers(init);
  for (const cookie of from.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** Any signed-in user (her own account pages); a visitor goes to /login and comes back. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) {
    // The page she asked for, not the data request of a client-side navigation to it
    // (`/portal.data?_routes=…`): without React Router's suffix and parameter.
    const url = new URL(request.url);
    url.searchParams.delete("_routes");
    const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
    throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  }
  return user;
}
