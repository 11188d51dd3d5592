import { useTranslation } from "#app/i18n/translation.tsx";
import type { TeamMember } from "#app/features/content/team.server.ts";
import { PORTRAIT_WIDTHS } from "#app/features/images/media.ts";
import { Picture } from "#app/features/images/picture.tsx";
import { SectionHeading } from "./section-heading.tsx";

/** The people behind the agency, as it lists them (Admin › Content › Team); none, no section. */
export function Team({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation();
  if (!members.length) return null;
  return (
    <section id="team" aria-labelledby="team-title" className="bg-sand-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="team-title" title={t("team.title")} subtitle={t("team.subtitle")} />
        <ul className="mt-14 grid grid-cols-2 gap-x-5 gap-y-10 sm:gap-x-8 lg:grid-cols-4">
          {members.map(({ id, name, role, photo }) => (
            <li key={id}>
              {photo ? (
                <Picture
                  image={photo}
                  standard={PORTRAIT_WIDTHS}
                  sizes="(min-width: 1024px) 280px, (min-width: 640px) 40vw, 45vw"
                  alt=""
                  className="aspect-square w-full rounded-3xl bg-brand-100 object-cover shadow-sm ring-1 ring-ink-200/70"
                />
              ) : (
                <span
                  aria-hidden
                  className="grid aspect-square w-full place-items-center rounded-3xl bg-linear-to-br from-brand-100 to-brand-300 font-display text-5xl font-semibold text-brand-800"
                >
                  {name.charAt(0)}
                </span>
              )}
              <h3 className="mt-4 text-lg font-semibold text-ink-950">{name}</h3>
              <p className="text-sm text-ink-600">{role}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
