import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/translation";
import { SectionLink } from "~/components/layout/section-link";
import { Button } from "~/components/ui/button";

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
            <Button asChild size="lg">
              <SectionLink to="/#preselection">
                {t("hero.ctaPrimary")} <Icon name="arrow-right" />
              </SectionLink>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <SectionLink to="/#services">{t("hero.ctaSecondary")}</SectionLink>
            </Button>
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
      <svg viewBox="0 0 480 420" className="h-auto w-full drop-shadow-xl">
        <defs>
          <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fdb3a4" />
            <stop offset="0.55" stopColor="#f6efe4" />
          </linearGradient>
          <linearGradient id="hero-sea" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#18908f" />
            <stop offset="1" stopColor="#062428" />
          </linearGradient>
          <clipPath id="hero-frame">
            <rect width="480" height="420" rx="40" />
          </clipPath>
        </defs>
        <g clipPath="url(#hero-frame)">
          <rect width="480" height="420" fill="url(#hero-sky)" />
          <circle cx="330" cy="150" r="70" fill="#f26b52" />
          <path d="M0 185c60-35 120-50 170-15s90 35 130 0 110-25 180 8v250H0z" fill="#5ccbc6" />
          <path
            d="M0 230c70-30 130-30 190 5s120 30 180-5 80-25 110-10v200H0z"
            fill="url(#hero-sea)"
          />
          <path d="M0 290c60-25 120-25 180 0s120 25 180 0 90-20 120-8v138H0z" fill="#0f5c60" />
          <path d="M0 345c60-18 120-18 180 0s120 18 180 0 90-15 120-6v81H0z" fill="#062428" />
          <path
            d="M40 270c25-10 45-10 70 0M250 320c25-10 45-10 70 0M330 250c20-8 40-8 60 0"
            stroke="#97e4de"
            strokeWidth="4"
            strokeLinecap="round"
            fill="none"
            opacity=".8"
          />
        </g>
      </svg>
      <div className="absolute -start-4 -bottom-5 rounded-2xl bg-white px-5 py-4 shadow-lg ring-1 ring-ink-200">
        <p className="flex items-center gap-2 text-sm font-semibold text-ink-900">
          <Icon name="badge-check" className="size-5 text-brand-600" />
          {badge}
        </p>
      </div>
    </div>
  );
}
