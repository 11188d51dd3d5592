import { useTranslation } from "#app/i18n/translation.tsx";
import { NavLink, Outlet } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { adminNavigation } from "#app/features/admin/admin-nav.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { pageStrings } from "#app/i18n/resources.server.ts";
import "#app/features/admin/admin-nav.css";
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
  const { t } = useTranslation();
  const items = adminNavigation.filter((item) =>
    (item.roles as readonly string[]).includes(loaderData.role),
  );
  return (
    <AreaShell wide>
      <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <nav
          aria-label={t("admin.nav.label")}
          className="-mx-4 mb-6 overflow-x-auto px-4 lg:mx-0 lg:px-0"
        >
          <ul className="admin-nav flex gap-1 lg:flex-col">
            {items.map(({ path, label, icon }) => (
              <li key={path}>
                {/* Marked aria-current="page" when open, which the stylesheet shows. */}
                <NavLink to={path}>
                  <Icon name={icon} />
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </AreaShell>
  );
}
