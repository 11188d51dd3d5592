import { Link, useLocation } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { adminNavGroups, adminNavigation } from "./admin-nav.ts";
import "./admin-nav.css";

/**
 * The back office's navigation, grouped (Review, People, Content, Settings, Reports) with only
 * the screens her role opens. On a wide screen, a sidebar whose groups fold away; on a phone,
 * one "Menu" disclosure naming the open screen, so the page's own content starts at the top.
 * Both are native <details>: they open and close by keyboard and without JavaScript, and the
 * one not shown at a width is display:none, out of the accessibility tree.
 */
export function AdminNav({ role }: { role: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = adminNavigation.filter((item) => (item.roles as readonly string[]).includes(role));
  const groups = adminNavGroups
    .map((group) => ({ group, items: items.filter((item) => item.group === group) }))
    .filter(({ items }) => items.length > 0);
  // The deepest screen that holds the page: the payouts, not the affiliates they sit under.
  const current = items
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const links = (group: (typeof groups)[number]) => (
    <ul>
      {group.items.map(({ path, label, icon }) => (
        <li key={path}>
          {/* The deepest open screen is marked aria-current="page", which the stylesheet shows. */}
          <Link to={path} aria-current={current?.path === path ? "page" : undefined}>
            <Icon name={icon} />
            {t(label)}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label={t("admin.nav.label")} className="admin-nav mb-6 lg:mb-0">
      {/* Closed again after each navigation (a new key): the chosen screen is then in view. */}
      <details key={pathname} className="admin-menu lg:hidden">
        <summary>
          <Icon name="menu" />
          <span>{t("admin.nav.menu")}</span>
          {current ? <span className="admin-menu-current">{t(current.label)}</span> : null}
        </summary>
        <div className="admin-menu-groups">
          {groups.map((group) => (
            <div key={group.group} role="group" aria-labelledby={`menu-${group.group}`}>
              <p id={`menu-${group.group}`} className="admin-nav-heading">
                {t(`admin.nav.groups.${group.group}`)}
              </p>
              {links(group)}
            </div>
          ))}
        </div>
      </details>
      <div className="hidden space-y-3 lg:block">
        {groups.map((group) => (
          <details key={group.group} open className="admin-nav-group">
            <summary className="admin-nav-heading">
              {t(`admin.nav.groups.${group.group}`)}
              <Icon name="chevron-down" className="admin-nav-chevron" />
            </summary>
            {links(group)}
          </details>
        ))}
      </div>
    </nav>
  );
}
