import { redirect } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { homeOf } from "#app/auth/permissions.ts";
import type { Route } from "./+types/index";

/** /admin: her first screen (the dashboard; an editor's, the articles). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, "admin");
  throw redirect(homeOf(user.role));
}
