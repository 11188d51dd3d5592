import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FaqItem } from "#app/features/content/home-items.server.ts";
import { SectionHeading } from "./section-heading.tsx";

/**
 * The accordion is the browser's own disclosure widget: <details> sharing a `name` opens one
 * answer at a time, works by keyboard and screen reader and without JavaScript, and the answers
 * stay in the HTML for search engines.
 */
export function Faq({ items }: { items: FaqItem[] }) {
  const { t } = useTranslation();
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:px-8">
        <SectionHeading
          id="faq-title"
          title={t("faq.title")}
          subtitle={t("faq.subtitle")}
          align="left"
        />
        <ul className="faq divide-y divide-ink-200 border-y border-ink-200">
          {items.map((item) => (
            <li key={item.id}>
              <details name="faq">
                <summary>
                  <span>{item.question}</span>
                  <Icon name="plus" />
                </summary>
                <p>{item.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
