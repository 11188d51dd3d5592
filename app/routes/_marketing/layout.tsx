import { useTranslation } from "#app/i18n/translation.tsx";
import { Outlet } from "react-router";
import { hydrateWhenVisible } from "#app/components/ui/hydrate-when-visible.tsx";
import { countPageViews } from "#app/features/analytics/counting.server.ts";
import { pageStrings } from "#app/i18n/resources.server.ts";
import type { Route } from "./+types/layout";

// Every public page shown, first load or client-side navigation: counted, cookie-free.
export const middleware: Route.MiddlewareFunction[] = [countPageViews];

// The navigation bar's and footer's strings: these pages' only ones not of their own.
export function loader({ request }: Route.LoaderArgs) {
  return { strings: pageStrings(request, ["site"]) };
}

// The footer is below the fold of every page long enough to scroll: its code comes when she
// scrolls towards it (decision 019); a client-side navigation into these pages brings it along.
const SiteFooter = hydrateWhenVisible("site-footer", () =>
  import("#app/components/layout/site-footer.tsx").then((module) => module.SiteFooter),
);

// The header's links and language list work as plain HTML (its menu button is made again once
// the code is here): its code comes when she first points at it or touches it.
const SiteHeader = hydrateWhenVisible(
  "site-header",
  () => import("#app/components/layout/site-header.tsx").then((module) => module.SiteHeader),
  { until: "used" },
);

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), SiteHeader.preload(), SiteFooter.preload()]);
  return data;
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
