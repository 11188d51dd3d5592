import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { toast } from "#app/components/ui/toast.tsx";
import { languages } from "#app/i18n/languages.ts";
import { agency } from "#app/utils/agency.ts";
import { whatsappLink } from "#app/utils/whatsapp.ts";
import { useLanguageHref } from "./language-picker.tsx";
import { Logo } from "./logo.tsx";
import { footerExploreLinks } from "./navigation.ts";
import { SectionLink } from "./section-link.tsx";
import { SocialIcon, socialNetworks, type SocialNetworkId } from "./social-icons.tsx";

/** What the footer (and /contact) shows of the agency, as set in the Site screen. */
export interface SiteFacts {
  /** Checked addresses of the agency's profiles (features/site/social-profiles.ts). */
  social: Partial<Record<SocialNetworkId, string>>;
  /** E.164 */
  whatsapp: string | null;
  legalName: string;
  /** 00.000.000/0000-00 */
  cnpj: string | null;
}

export function SiteFooter({ site }: { site: SiteFacts }) {
  const { t } = useTranslation();
  const hrefFor = useLanguageHref();
  const year = new Date().getFullYear();
  const { address } = agency;
  const legal = [site.legalName, site.cnpj ? `CNPJ ${site.cnpj}` : ""].filter(Boolean).join(" · ");

  return (
    <footer className="bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr] lg:px-8">
        <div className="space-y-5">
          <Logo inverted />
          <p className="max-w-sm text-sm leading-relaxed text-brand-100/80">
            {t("footer.description")}
          </p>
          <div>
            <h2 className="sr-only">{t("footer.follow")}</h2>
            <ul className="flex gap-2" aria-label={t("a11y.socialLinks")}>
              {socialNetworks.map((network) => (
                <li key={network.name}>
                  {site.social[network.id] ? (
                    <a
                      href={site.social[network.id]}
                      aria-label={network.name}
                      rel="me noopener"
                      className="grid size-10 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                    >
                      <SocialIcon network={network} />
                    </a>
                  ) : (
                    <button
                      type="button"
                      aria-label={network.name}
                      onClick={() =>
                        toast({
                          title: t("footer.socialSoonTitle"),
                          description: t("footer.socialSoon"),
                        })
                      }
                      className="grid size-10 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                    >
                      <SocialIcon network={network} />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>

        <nav aria-label={t("a11y.footerNavigation")}>
          <h2 className="font-sans text-sm font-semibold tracking-widest text-white uppercase">
            {t("footer.explore")}
          </h2>
          <ul className="footer-links mt-4 space-y-2.5 text-sm">
            {footerExploreLinks.map((link) => (
              <li key={link.to}>
                <SectionLink to={link.to}>{t(link.label)}</SectionLink>
              </li>
            ))}
          </ul>
          <h2 className="mt-8 font-sans text-sm font-semibold tracking-widest text-white uppercase">
            {t("footer.languages")}
          </h2>
          <ul className="footer-links mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {languages.map((language) => (
              <li key={language.code}>
                <Link
                  to={hrefFor(language.code)}
                  preventScrollReset
                  hrefLang={language.code}
                  lang={language.code}
                >
                  {language.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="font-sans text-sm font-semibold tracking-widest text-white uppercase">
            {t("footer.contact")}
          </h2>
          <address className="mt-4 space-y-3 text-sm text-brand-100/85 not-italic">
            <p className="flex gap-3">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a href={`mailto:${agency.email}`} className="hover:text-white">
                {agency.email}
              </a>
            </p>
            <p className="flex gap-3">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a href={agency.phoneHref} className="hover:text-white">
                {agency.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>
                {address.street}
                <br />
                {address.district}, {address.city} – {address.region}, {address.postalCode}
              </span>
            </p>
          </address>
          {site.whatsapp ? (
            <a
              href={whatsappLink(site.whatsapp, t("footer.whatsappGreeting"))}
              className="mt-5 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-white/20"
            >
              <Icon name="brand-whatsapp" className="size-5 text-[#25d366]" />
              {t("footer.whatsapp")}
            </a>
          ) : null}
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-xs text-brand-100/70 sm:px-6 lg:px-8">
          <div className="space-y-1">
            <p>{t("footer.copyright", { year })}</p>
            {legal ? <p>{legal}</p> : null}
          </div>
          <Link to="/privacy" className="hover:text-white">
            {t("footer.privacy")}
          </Link>
        </div>
      </div>
    </footer>
  );
}
