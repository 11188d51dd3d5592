import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { ChatLauncher } from "#app/features/chatbot/chat-launcher.tsx";
import { useSiteFacts } from "#app/features/site/site-facts.ts";
import { agency } from "#app/utils/agency.ts";
import { JsonLd } from "#app/utils/json-ld.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle, seoMeta } from "#app/utils/seo.ts";
import { whatsappLink } from "#app/utils/whatsapp.ts";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  const { t, origin, seo, strings } = pageContext(request);
  return {
    strings: strings("contact"),
    seo: seo({
      title: pageTitle(t("meta.contactTitle")),
      description: t("meta.contactDescription"),
      path: "/contact",
    }),
    organization: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: agency.name,
      url: origin,
      logo: `${origin}/logo.svg`,
      email: agency.email,
      telephone: agency.phone.replace(/[\s-]/g, ""),
      address: {
        "@type": "PostalAddress",
        streetAddress: agency.address.street,
        addressLocality: agency.address.city,
        addressRegion: agency.address.region,
        postalCode: agency.address.postalCode,
        addressCountry: agency.address.country,
      },
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { address } = agency;
  const { whatsapp } = useSiteFacts();
  const details = [
    {
      icon: "mail",
      label: t("contact.email"),
      value: <a href={`mailto:${agency.email}`}>{agency.email}</a>,
    },
    {
      icon: "phone",
      label: t("contact.phone"),
      value: <a href={agency.phoneHref}>{agency.phone}</a>,
    },
    {
      icon: "map-pin",
      label: t("contact.address"),
      value: (
        <>
          {address.street}
          <br />
          {address.district}, {address.city} – {address.region}, {address.postalCode}
        </>
      ),
    },
    { icon: "clock", label: t("contact.hours"), value: t("contact.hoursValue") },
  ] as const;

  return (
    <>
      <JsonLd data={loaderData.organization} />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <header className="max-w-2xl">
          <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">
            {t("contact.title")}
          </h1>
          <p className="mt-4 text-lg text-ink-600">{t("contact.subtitle")}</p>
        </header>
        <div className="mt-12 grid gap-8 lg:grid-cols-[1.2fr_1fr]">
          <section
            aria-labelledby="contact-chat-title"
            className="flex flex-col justify-between rounded-3xl bg-brand-950 p-8 text-brand-50 sm:p-10"
          >
            <div>
              <span className="grid size-14 place-items-center rounded-2xl bg-white/10">
                <Icon name="message-circle-heart" className="size-7 text-coral-400" />
              </span>
              <h2 id="contact-chat-title" className="mt-6 text-3xl font-semibold text-white">
                {t("contact.chatTitle")}
              </h2>
              <p className="mt-4 max-w-lg text-lg text-brand-100/85">{t("contact.chatText")}</p>
            </div>
            <div className="mt-10 flex flex-wrap items-center gap-x-6 gap-y-4">
              <ChatLauncher />
              {whatsapp ? (
                <a
                  href={whatsappLink(whatsapp, t("footer.whatsappGreeting"))}
                  className={buttonVariants({ variant: "outlineLight", size: "lg" })}
                >
                  <Icon name="brand-whatsapp" className="size-5" />
                  {t("contact.whatsapp")}
                </a>
              ) : null}
              <Link
                to="/register/model"
                className="text-sm font-semibold text-brand-100 underline underline-offset-4 hover:text-white"
              >
                {t("contact.formAlternative")}
              </Link>
            </div>
          </section>
          <section
            aria-labelledby="details-title"
            className="rounded-3xl bg-white p-8 ring-1 ring-ink-200/70 sm:p-10"
          >
            <h2 id="details-title" className="text-2xl font-semibold">
              {t("contact.detailsTitle")}
            </h2>
            <dl className="mt-6 space-y-6">
              {details.map(({ icon, label, value }) => (
                <div key={label}>
                  <dt className="flex items-center gap-3 text-sm font-semibold text-ink-500">
                    <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                      <Icon name={icon} className="size-5" />
                    </span>
                    {label}
                  </dt>
                  <dd className="mt-1 ps-12 text-ink-900 [&_a]:font-medium [&_a]:text-brand-700 [&_a:hover]:text-brand-900">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <section
          aria-labelledby="your-data-title"
          className="mt-8 flex flex-col gap-4 rounded-3xl bg-sand-100 p-6 ring-1 ring-sand-300 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div className="flex gap-4">
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white text-brand-700">
              <Icon name="shield-check" className="size-5" />
            </span>
            <div>
              <h2 id="your-data-title" className="text-lg font-semibold">
                {t("privacy.contact.title")}
              </h2>
              <p className="mt-1 text-ink-700">{t("privacy.contact.text")}</p>
            </div>
          </div>
          <Link
            to="/privacy/request"
            className="shrink-0 self-start ps-14 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 sm:self-center sm:ps-0"
          >
            {t("privacy.contact.link")}
          </Link>
        </section>
      </div>
    </>
  );
}
