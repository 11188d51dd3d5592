import { useTranslation } from "#app/i18n/translation.tsx";
import { Outlet } from "react-router";
import { countPageViews } from "#app/features/analytics/counting.server.ts";
import { pageStrings } from "#app/i18n/resources.server.ts";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import type { Route } from "./+types/layout";

// Every public page shown, first load or client-side navigation: counted, cookie-free.
export const middleware: Route.MiddlewareFunction[] = [countPageViews];

// The navigation bar's and footer's strings: these pages' only ones not of their own.
export function loader({ request }: Route.LoaderArgs) {
  return { strings: pageStrings(request, ["site"]) };
}

export default function MarketingLayout() {
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t("a11y.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
