import { useTranslation } from "#app/i18n/translation.tsx";

// Whole class names, so Tailwind finds them: one row on wide screens, two by two on a phone.
const columns = ["", "grid-cols-1", "grid-cols-2", "sm:grid-cols-3", "grid-cols-2 lg:grid-cols-4"];

/** The figures the agency states itself (Site screen); nothing when it states none. */
export function FiguresStrip({ figures }: { figures: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  if (figures.length === 0) return null;
  return (
    <section aria-labelledby="figures-title" className="bg-brand-900 py-14 text-white sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="figures-title" className="sr-only">
          {t("figures.title")}
        </h2>
        <dl
          className={`grid gap-x-6 gap-y-10 text-center ${columns[figures.length] ?? columns[4]}`}
        >
          {figures.map((figure, index) => (
            <div key={index} className="flex flex-col-reverse gap-2">
              <dt className="text-sm leading-snug text-brand-100/85 sm:text-base">
                {figure.label}
              </dt>
              <dd className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
