import { redirect } from "react-router";
import type { Role } from "~/db/schema.server";
import { getEnv } from "~/utils/env.server";
import { getAuth } from "./auth.server";
import { mayEnter, type Area } from "./permissions";

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
  return role === "affiliate" || role === "approver" || role === "admin" ? role : "model";
}

/** The signed-in user of a request, or null. A session cookie alone is not trusted. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  if (!/(^|;\s*)(__Secure-)?mare\.session_token=/.test(request.headers.get("cookie") ?? "")) {
    return null; // no session cookie: no database round trip
  }
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
 * The guard of every protected loader and action: a visitor goes to /login with the path to
 * come back to; a signed-in user of another role goes to /permission-denied.
 */
export async function requireArea(request: Request, area: Area): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!mayEnter(user.role, area)) throw redirect("/permission-denied");
  // Staff see every applicant's data: in production (an https PUBLIC_ORIGIN) the back office
  // asks for two-step sign-in before anything else.
  if (area === "admin" && !user.twoFactorEnabled && staffTwoFactorRequired()) {
    throw redirect("/account/security?required");
  }
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
