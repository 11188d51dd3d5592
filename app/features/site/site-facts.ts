import { useRouteLoaderData } from "react-router";
import type { SiteFacts } from "#app/components/layout/site-footer.tsx";

export const noSiteFacts: SiteFacts = { social: {}, whatsapp: null, legalName: "", cnpj: null };

/** The facts the public pages' layout loaded (routes/_marketing/layout.tsx), on any of its pages. */
export function useSiteFacts(): SiteFacts {
  return useRouteLoaderData<{ site: SiteFacts }>("routes/_marketing/layout")?.site ?? noSiteFacts;
}
