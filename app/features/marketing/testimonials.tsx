import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { Testimonial } from "#app/features/content/home-items.server.ts";
import { PORTRAIT_WIDTHS } from "#app/features/images/media.ts";
import { Picture } from "#app/features/images/picture.tsx";
import { SectionHeading } from "./section-heading.tsx";

/**
 * Names are shown as the creators asked (first name and initial), as the agency entered them;
 * her photo, published with her consent, or else her initial.
 */
export function Testimonials({ items }: { items: Testimonial[] }) {
  const { t } = useTranslation();
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          title={t("testimonials.title")}
          subtitle={t("testimonials.subtitle")}
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {items.map(({ id, quote, name, role, photo }) => (
            <li key={id}>
              <figure className="flex h-full flex-col rounded-3xl bg-white p-8 shadow-sm ring-1 ring-ink-200/70">
                <Icon name="quote" className="size-8 text-coral-500" />
                <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink-800">
                  <p>{quote}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  {photo ? (
                    // Her name follows: the photo needs no words of its own.
                    <Picture
                      image={photo}
                      standard={PORTRAIT_WIDTHS}
                      sizes="56px"
                      alt=""
                      className="size-14 rounded-full bg-brand-100 object-cover ring-2 ring-white"
                    />
                  ) : (
                    <span
                      aria-hidden
                      className="grid size-11 place-items-center rounded-full bg-brand-100 font-display font-semibold text-brand-800"
                    >
                      {name.charAt(0)}
                    </span>
                  )}
                  <span>
                    <span className="block font-semibold text-ink-950">{name}</span>
                    <span className="block text-sm text-ink-600">{role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
