import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PORTRAIT_WIDTHS } from "#app/features/images/media.ts";
import { Picture } from "#app/features/images/picture.tsx";
import { Initials } from "#app/features/submissions/team-panel.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ManagerCard as Card } from "./model-card.server.ts";

/**
 * "Your talent manager": her manager's first name, photo and introduction, and the WhatsApp link
 * the server built from the stored number; while no one is assigned, a sentence saying one is
 * being chosen. At the top of the side column on wide screens; on a phone, where that column
 * comes after everything else, right after her onboarding (`placement="phone"`), so the person
 * she works with is not at the bottom of the page. Only one of the two is ever displayed.
 */
export function ManagerCard({ card, placement }: { card: Card; placement: "phone" | "side" }) {
  const { t } = useTranslation();
  return (
    <Section
      id={placement === "side" ? "manager" : "manager-phone"}
      anchor={placement === "side" ? "manager" : undefined}
      title={t("manager.card.title")}
      className={placement === "side" ? "hidden lg:block" : "lg:hidden"}
    >
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
