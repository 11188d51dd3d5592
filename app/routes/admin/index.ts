import { redirect } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "admin");
  throw redirect("/admin/dashboard");
}
