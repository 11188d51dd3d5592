import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { SiteFooter, type SiteFacts } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * A public page's frame: the skip link, the navigation bar, the page and the footer. The
 * marketing layout and an article's preview (which must look exactly like the page) share it.
 */
export function PublicPage({
  site,
  asVisitor,
  children,
}: {
  site: SiteFacts;
  asVisitor?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t("a11y.skipToContent")}
      </a>
      <SiteHeader asVisitor={asVisitor} />
      <main id="main-content" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter site={site} />
    </>
  );
}
