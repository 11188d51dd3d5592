import { Icon } from "#app/components/ui/icon.tsx";
import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link, useLocation } from "react-router";
import { cn } from "#app/utils/cn.ts";
import { LogoutButton } from "./logout-button.tsx";
import { useViewer } from "./viewer.ts";

/**
 * The navigation bar's Dashboard menu for a signed-in user (spec section 2): My Dashboard and
 * Logout. A <details> element, so it opens without JavaScript too.
 */
export function AccountMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);
  if (!viewer) return null;
  return (
    <details ref={ref} className={cn("group relative", className)}>
      <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-full bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 sm:px-4 [&::-webkit-details-marker]:hidden">
        {/* On a phone the bar is narrow: an icon, with the name kept for screen readers. */}
        <Icon name="layout-dashboard" className="size-4 sm:hidden" />
        <span className="max-sm:sr-only">{t("account.dashboard")}</span>
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute end-0 z-50 mt-2 w-56 rounded-2xl bg-white p-2 shadow-lg ring-1 ring-ink-200">
        <p className="truncate px-3 py-2 text-xs text-ink-500">{viewer.name}</p>
        <Link
          to={viewer.home}
          className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100/70"
        >
          <Icon name="layout-dashboard" className="size-4" />
          {t("account.myDashboard")}
        </Link>
        <Link
          to="/account/security"
          className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100/70"
        >
          <Icon name="shield-check" className="size-4" />
          {t("account.security")}
        </Link>
        {viewer.alerts ? (
          // Her profile as the models she manages see them (issue 29): the same reviewers.
          <Link
            to="/admin/profile"
            className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100/70"
          >
            <Icon name="user-check" className="size-4" />
            {t("manager.menu")}
          </Link>
        ) : null}
        {viewer.alerts ? (
          <Link
            to="/account/notifications"
            className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100/70"
          >
            <Icon name="mail" className="size-4" />
            {t("account.notifications")}
          </Link>
        ) : null}
        <LogoutButton />
      </div>
    </details>
  );
}
