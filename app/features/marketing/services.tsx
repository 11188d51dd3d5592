import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { SectionHeading } from "./section-heading.tsx";

const services = [
  { key: "strategy", icon: "compass" },
  { key: "content", icon: "calendar-days" },
  { key: "marketing", icon: "trending-up" },
  { key: "engagement", icon: "messages-square" },
  { key: "privacy", icon: "shield-check" },
  { key: "coaching", icon: "chart-column" },
] as const;

export function Services() {
  const { t } = useTranslation();
  return (
    <section id="services" aria-labelledby="services-title" className="bg-white py-10 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="services-title"
          title={t("services.title")}
          subtitle={t("services.subtitle")}
        />
        <ul className="service-cards">
          {services.map(({ key, icon }) => (
            <li key={key}>
              <span>
                <Icon name={icon} />
              </span>
              <h3>{t(`services.${key}.title`)}</h3>
              <p>{t(`services.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
