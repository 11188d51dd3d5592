import { redirect } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { callAuth } from "~/auth/call.server";
import { redirectWithCookies } from "~/auth/session.server";
import { isCrossSiteRequest } from "~/utils/request.server";
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
