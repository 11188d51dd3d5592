import { Section } from "#app/components/ui/card.tsx";
import { StatCards } from "#app/components/ui/stat-card.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { AffiliateDetail } from "./admin-affiliates.server.ts";
import { formatMoney, formatPercent } from "./money.ts";

/** Her figures on her page in the back office, and how she said she would recommend us. */
export function AffiliateFigures({ affiliate: a }: { affiliate: AffiliateDetail["affiliate"] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const figures = [
    { key: "referrals", value: a.referrals.toLocaleString(language) },
    { key: "approvals", value: a.approvals.toLocaleString(language) },
    { key: "commission", value: formatPercent(a.commissionRate, language) ?? "—" },
    { key: "earnings", value: formatMoney(a.earningsCents, language) },
    { key: "payouts", value: formatMoney(a.payoutsCents, language) },
    { key: "balance", value: formatMoney(a.balanceCents, language) },
  ].map((figure) => ({ ...figure, label: t(`admin.affiliates.${figure.key}`) }));
  return (
    <Section id="figures" title={t("admin.affiliates.figures")} hideTitle className="mt-6">
      <StatCards stats={figures} variant="figure" className="grid-cols-2 gap-x-6 sm:grid-cols-3" />
      {a.promotion.trim() ? (
        <p className="mt-4 text-sm break-words text-ink-600">
          <span className="font-semibold text-ink-800">{t("admin.affiliates.promotion")}:</span>{" "}
          {a.promotion}
        </p>
      ) : null}
    </Section>
  );
}
