import { Outlet, useLoaderData } from "react-router";
import { getDatabase } from "#app/db/db.server.ts";
import { countPageViews } from "#app/features/analytics/counting.server.ts";
import { noSiteFacts } from "#app/features/site/site-facts.ts";
import { siteFooter } from "#app/features/site/site-settings.server.ts";
import { pageStrings } from "#app/i18n/resources.server.ts";
import { PublicPage } from "#app/components/layout/public-page.tsx";
import type { SiteFacts } from "#app/components/layout/site-footer.tsx";
import { logger } from "#app/utils/logger.server.ts";
import type { Route } from "./+types/layout";

// Every public page shown, first load or client-side navigation: counted, cookie-free.
export const middleware: Route.MiddlewareFunction[] = [countPageViews];

/**
 * What the footer says of the agency (Site screen), read once per instance until it changes. A
 * page that needs no database (the privacy notice, contact) still renders when the database is
 * out of reach: its footer then shows what it showed before the agency set anything.
 */
async function footerFacts(): Promise<SiteFacts> {
  try {
    return await siteFooter(await getDatabase());
  } catch (error) {
    logger().error({ event: "site.footer-unread", err: error });
    return noSiteFacts;
  }
}

// The navigation bar's and footer's strings (these pages' only ones not of their own), and the
// footer's facts.
export async function loader({ request }: Route.LoaderArgs) {
  return { strings: pageStrings(request, ["site"]), site: await footerFacts() };
}

export default function MarketingLayout() {
  const { site } = useLoaderData<typeof loader>();
  return (
    <PublicPage site={site}>
      <Outlet />
    </PublicPage>
  );
}
