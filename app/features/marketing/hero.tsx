import { Icon } from "#app/components/ui/icon.tsx";
import heroArt from "./hero-art.svg?url";
import { useTranslation } from "#app/i18n/translation.tsx";
import { SectionLink } from "#app/components/layout/section-link.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";

export function Hero() {
  const { t } = useTranslation();
  const points = [
    { icon: "badge-check", label: t("hero.pointFee") },
    { icon: "lock-keyhole", label: t("hero.pointPrivacy") },
    { icon: "message-circle-heart", label: t("hero.pointManager") },
  ] as const;

  return (
    <section aria-labelledby="hero-title" className="hero">
      <div aria-hidden className="hero-backdrop" />
      <div className="hero-grid">
        <div>
          <p className="eyebrow">{t("hero.eyebrow")}</p>
          <h1 id="hero-title" className="hero-title">
            {t("hero.title")}
          </h1>
          <p className="hero-subtitle">{t("hero.subtitle")}</p>
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
          <ul className="hero-points">
            {points.map(({ icon, label }) => (
              <li key={label}>
                <Icon name={icon} />
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
    <div aria-hidden className="hero-art">
      <img
        src={heroArt}
        alt=""
        width={480}
        height={420}
        decoding="async"
        className="h-auto w-full drop-shadow-xl"
      />
      <p className="hero-badge">
        <Icon name="badge-check" />
        {badge}
      </p>
    </div>
  );
}
