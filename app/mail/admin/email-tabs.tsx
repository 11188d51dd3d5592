import { NavLink } from "react-router";
import { useTranslation } from "#app/i18n/translation.tsx";

/** The screens of /admin/email, in the order of its tabs (the first is where /admin/email leads). */
export const emailScreens = [
  "smtp",
  "templates",
  "whatsapp",
  "contact",
  "reasons",
  "outbox",
] as const;

export type EmailScreen = (typeof emailScreens)[number];

/**
 * The tabs between the screens of /admin/email. Each is a page of its own, so they are links in a
 * named navigation (the open one `aria-current="page"`), not an ARIA tab list, whose panels would
 * all be in one page; Tab and Enter reach them as any link. On a phone the row scrolls sideways.
 */
export function EmailTabs() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("admin.email.tabs.label")}
      className="-mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex min-w-max gap-1 border-b border-ink-200 sm:min-w-0 sm:flex-wrap">
        {emailScreens.map((screen) => (
          <li key={screen} className="-mb-px">
            <NavLink
              to={`/admin/email/${screen}`}
              prefetch="intent"
              className="inline-flex min-h-11 items-center rounded-t-lg border-b-2 border-transparent px-3 text-sm font-semibold whitespace-nowrap text-ink-600 hover:border-ink-300 hover:text-ink-900 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800"
            >
              {t(`admin.email.tabs.${screen}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
