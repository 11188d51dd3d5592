import { redirect } from "react-router";
import { homeOf, safeReturnPath } from "#app/auth/permissions.ts";
import { getCurrentUser } from "#app/auth/guards.server.ts";
import type { Route } from "./+types/continue";

/** Where a verification link or a Google sign-in ends: her own area, or the page she wanted. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A verification link that expired or was used comes back with ?error=….
  if (url.searchParams.get("error")) {
    throw redirect(
      url.searchParams.get("verified") ? "/login?notice=verify-failed" : "/login?error=google",
    );
  }
  const user = await getCurrentUser(request);
  if (!user) {
    throw redirect(url.searchParams.get("verified") ? "/login?notice=verified" : "/login");
  }
  throw redirect(safeReturnPath(url.searchParams.get("redirect")) ?? homeOf(user.role));
}
