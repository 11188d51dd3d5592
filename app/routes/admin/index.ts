import { redirect } from "react-router";
import { requireArea } from "#app/auth/guards.server.ts";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, "admin");
  throw redirect("/admin/dashboard");
}
