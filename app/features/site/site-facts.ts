import { useRouteLoaderData } from "react-router";
import type { SocialNetworkId } from "./social-profiles.ts";

/** What every public page's footer (and /contact) shows of the agency; the same in every language. */
export interface SiteFacts {
  social: Partial<Record<SocialNetworkId, string>>;
  /** E.164 */
  whatsapp: string | null;
  legalName: string;
  /** 00.000.000/0000-00 */
  cnpj: string | null;
}

export const noSiteFacts: SiteFacts = { social: {}, whatsapp: null, legalName: "", cnpj: null };

/** The facts the public pages' layout loaded (routes/_marketing/layout.tsx), on any of its pages. */
export function useSiteFacts(): SiteFacts {
  return useRouteLoaderData<{ site: SiteFacts }>("routes/_marketing/layout")?.site ?? noSiteFacts;
}
