import { Outlet } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { AdminNav } from "#app/features/admin/admin-nav.tsx";
import { pageStrings } from "#app/i18n/resources.server.ts";
import type { Route } from "./+types/layout";

/**
 * The admin area. The guard runs as middleware, before any loader of the area: loaders run in
 * parallel, so a parent loader alone would protect nothing. Every admin loader and action
 * calls its own screen's guard as well (app/auth/permissions.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireScreen(request, "admin");
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, "admin");
  return { strings: pageStrings(request, ["admin", "areas"]), role: user.role };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaShell wide>
      <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <AdminNav role={loaderData.role} />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </AreaShell>
  );
}
