import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PORTRAIT_WIDTHS } from "#app/features/images/media.ts";
import { Picture } from "#app/features/images/picture.tsx";
import { Initials } from "#app/features/submissions/team-panel.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ManagerCard as Card } from "./model-card.server.ts";

/**
 * "Your talent manager" at the top of an approved model's side column: her manager's first
 * name, photo and introduction, and the WhatsApp link the server built from the stored number;
 * while no one is assigned, a sentence saying one is being chosen.
 */
export function ManagerCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  return (
    <Section id="manager" anchor="manager" title={t("manager.card.title")}>
      {card.state === "none" ? (
        <p className="mt-2 text-sm text-ink-600">{t("manager.card.pending")}</p>
      ) : (
        <>
          <div className="mt-4 flex items-center gap-4">
            {card.photo ? (
              <span className="shrink-0">
                <Picture
                  image={card.photo}
                  standard={PORTRAIT_WIDTHS}
                  sizes="72px"
                  alt={t("manager.card.photoAlt", { name: card.firstName })}
                  className="size-18 rounded-full bg-brand-100 object-cover ring-2 ring-white"
                />
              </span>
            ) : (
              <Initials name={card.firstName} className="size-18 text-xl" />
            )}
            <div className="min-w-0">
              <p className="font-display text-xl font-semibold text-ink-900">{card.firstName}</p>
              <p className="text-sm text-ink-600">{t("manager.card.role")}</p>
            </div>
          </div>
          {card.introduction ? (
            <p className="mt-4 text-sm leading-relaxed whitespace-pre-line text-ink-800">
              {card.introduction}
            </p>
          ) : null}
          {card.whatsapp ? (
            <a
              href={card.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={`mt-5 ${buttonVariants({ size: "sm" })}`}
            >
              <Icon name="brand-whatsapp" className="size-4" />
              {t("manager.card.whatsapp")}
            </a>
          ) : null}
        </>
      )}
    </Section>
  );
}
