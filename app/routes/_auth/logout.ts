import { redirect } from "react-router";
import { getAuth } from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { redirectWithCookies } from "#app/auth/guards.server.ts";
import { isCrossSiteRequest } from "#app/utils/request.server.ts";
import type { Route } from "./+types/logout";

/** POST /logout: ends the session on the server and clears its cookie. */
export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) throw redirect("/");
  const auth = await getAuth();
  const outcome = await callAuth(() =>
    auth.api.signOut({ headers: request.headers, asResponse: true }),
  );
  // Signed out already (no session): nothing to end, and home is where she wanted to go.
  throw outcome.ok ? redirectWithCookies("/", outcome.response) : redirect("/");
}

export function loader() {
  return redirect("/");
}
