import { StatCards } from "#app/components/ui/stat-card.tsx";
import type { PortalFigures } from "#app/features/affiliates/portal.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/** Her totals since she joined, as tiles: clicks, referrals, where they stand, conversion. */
export function FiguresSection({ figures }: { figures: PortalFigures }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, {
    style: "percent",
    maximumFractionDigits: 1,
  });
  const count = (key: string, value: number) => ({
    key,
    label: t(`portal.figures.${key}`),
    value: number.format(value),
  });
  return (
    // Not a card: the tiles are cards of their own.
    <section aria-labelledby="figures-title" className="mt-8">
      <h2 id="figures-title" className="text-xl font-semibold">
        {t("portal.figures.title")}
      </h2>
      <StatCards
        className="mt-4 grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        stats={[
          count("clicks", figures.clicks),
          count("referred", figures.referred),
          count("pending", figures.byStatus.Pendente),
          count("approved", figures.byStatus.Aprovado),
          count("rejected", figures.byStatus.Reprovado),
          {
            key: "conversion",
            label: t("portal.figures.conversion"),
            value: figures.clicks > 0 ? percent.format(figures.referred / figures.clicks) : "—",
            hint: t("portal.figures.conversionHint"),
          },
        ]}
      />
    </section>
  );
}
