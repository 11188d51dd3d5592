import { Outlet } from "react-router";
import { requireArea } from "~/auth/session.server";
import type { Route } from "./+types/layout";

/**
 * The admin area. The guard runs as middleware, before any loader of the area: loaders run in
 * parallel, so a parent loader alone would protect nothing. Every admin loader and action
 * calls requireArea as well (or a stricter check).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireArea(request, "admin");
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, "admin");
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
