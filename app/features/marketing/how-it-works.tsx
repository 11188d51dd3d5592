import { useTranslation } from "#app/i18n/translation.tsx";
import type { HowItWorks as Steps } from "#app/features/site/site-settings.server.ts";
import { SectionHeading } from "./section-heading.tsx";

/** What the work is, in one plain sentence, and the three steps from applying to starting. */
export function HowItWorks({ content }: { content: Steps }) {
  const { t } = useTranslation();
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-it-works-title" title={t("howItWorks.title")} />
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg leading-relaxed text-ink-700">
          {content.work}
        </p>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {content.steps.map((step, index) => (
            <li
              key={index}
              className="relative rounded-3xl bg-white p-7 shadow-sm ring-1 ring-ink-200/70"
            >
              <span
                aria-hidden
                className="grid size-12 place-items-center rounded-full bg-brand-100 font-display text-xl font-semibold text-brand-800"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-xl font-semibold">
                <span className="sr-only">{t("howItWorks.step", { n: index + 1 })}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-relaxed text-ink-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
