import { Icon } from "#app/components/ui/icon.tsx";
import heroArt from "./hero-art.svg?url";
import { useTranslation } from "#app/i18n/translation.tsx";
import { SectionLink } from "#app/components/layout/section-link.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import type { HeroImage } from "#app/features/content/hero-image.server.ts";
import { Picture } from "#app/features/images/picture.tsx";

/** The hero: the agency's own image when it set one (Admin › Site), else the drawn art. */
export function Hero({ image }: { image: HeroImage | null }) {
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
        {image ? (
          <HeroPhoto image={image} badge={t("hero.pointFee")} />
        ) : (
          <HeroArt badge={t("hero.pointFee")} />
        )}
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

/**
 * The agency's image in the art's place, in a box of fixed proportions (so nothing moves when
 * it arrives) that it fills. Fetched at once but not ahead of the rest (no fetchpriority): on a
 * phone it sits below the headline, which stays the largest paint; on a desktop, in view, the
 * browser raises it itself. See docs/decisions/037-images-the-agency-owns.md.
 */
function HeroPhoto({ image, badge }: { image: HeroImage; badge: string }) {
  return (
    <div className="hero-art hero-photo">
      <Picture
        image={image.image}
        sizes="(min-width: 1024px) 544px, (min-width: 640px) 448px, calc(100vw - 2rem)"
        alt={image.alt}
        loading="eager"
        className="aspect-[4/3] w-full rounded-[2rem] bg-brand-100 object-cover shadow-xl ring-1 ring-ink-200/70 lg:aspect-[5/6]"
      />
      <p aria-hidden className="hero-badge">
        <Icon name="badge-check" />
        {badge}
      </p>
    </div>
  );
}
