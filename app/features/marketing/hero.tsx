import { Icon } from "~/components/ui/icon";
import heroArt from "./hero-art.svg?url";
import { useTranslation } from "~/i18n/translation";
import { SectionLink } from "~/components/layout/section-link";
import { buttonVariants } from "~/components/ui/button";

export function Hero() {
  const { t } = useTranslation();
  const points = [
    { icon: "badge-check", label: t("hero.pointFee") },
    { icon: "lock-keyhole", label: t("hero.pointPrivacy") },
    { icon: "message-circle-heart", label: t("hero.pointManager") },
  ] as const;

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-brand-100),transparent_70%),radial-gradient(40rem_24rem_at_0%_100%,var(--color-sand-200),transparent_70%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
            {t("hero.eyebrow")}
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-4xl leading-[1.08] font-semibold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-700">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <SectionLink to="/#preselection" className={buttonVariants({ size: "lg" })}>
              {t("hero.ctaPrimary")} <Icon name="arrow-right" />
            </SectionLink>
            <SectionLink
              to="/#services"
              className={buttonVariants({ variant: "secondary", size: "lg" })}
            >
              {t("hero.ctaSecondary")}
            </SectionLink>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-ink-700">
            {points.map(({ icon, label }) => (
              <li key={label} className="flex items-center gap-2">
                <Icon name={icon} className="size-5 text-brand-600" />
                {label}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt badge={t("hero.pointFee")} />
      </div>
    </section>
  );
}

/** The tide, drawn: layered waves under a sun, in the brand colours. Decorative. */
function HeroArt({ badge }: { badge: string }) {
  return (
    <div aria-hidden className="relative mx-auto hidden w-full max-w-md sm:block lg:max-w-none">
      <img
        src={heroArt}
        alt=""
        width={480}
        height={420}
        decoding="async"
        className="h-auto w-full drop-shadow-xl"
      />
      <div className="absolute -start-4 -bottom-5 rounded-2xl bg-white px-5 py-4 shadow-lg ring-1 ring-ink-200">
        <p className="flex items-center gap-2 text-sm font-semibold text-ink-900">
          <Icon name="badge-check" className="size-5 text-brand-600" />
          {badge}
        </p>
      </div>
    </div>
  );
}
