import { Section } from "#app/components/ui/card.tsx";
import { StatCards } from "#app/components/ui/stat-card.tsx";
import type { PayoutDetailsSummary } from "#app/features/affiliate-payouts/details.server.ts";
import { StaffPayoutDetailsHint } from "#app/features/affiliate-payouts/staff-details-hint.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { AffiliateDetail } from "./admin-affiliates.server.ts";
import { formatMoney } from "./money.ts";

/**
 * Her figures on her page in the back office (her entries' totals by state), the rule that
 * applies to her in words, the hint of her payout details, and how she said she would recommend us.
 */
export function AffiliateFigures({
  affiliate: a,
  rule,
  payoutDetails,
}: {
  affiliate: AffiliateDetail["affiliate"];
  rule: string;
  payoutDetails: PayoutDetailsSummary;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const figures = [
    { key: "referrals", value: a.referrals.toLocaleString(language) },
    { key: "approvals", value: a.approvals.toLocaleString(language) },
    { key: "pending", value: formatMoney(a.pendingCents, language) },
    { key: "payable", value: formatMoney(a.payableCents, language) },
    { key: "paid", value: formatMoney(a.paidCents, language) },
    ...(a.heldCents !== 0 ? [{ key: "held", value: formatMoney(a.heldCents, language) }] : []),
  ].map((figure) => ({ ...figure, label: t(`admin.affiliates.${figure.key}`) }));
  return (
    <Section id="figures" title={t("admin.affiliates.figures")} hideTitle className="mt-6">
      <StatCards stats={figures} variant="figure" className="grid-cols-2 gap-x-6 sm:grid-cols-3" />
      <p className="mt-4 text-sm break-words text-ink-700">
        <span className="font-semibold text-ink-800">
          {t(a.ownRule ? "admin.affiliates.ownRule" : "admin.affiliates.programRule")}:
        </span>{" "}
        {rule}
      </p>
      <dl className="mt-4">
        <StaffPayoutDetailsHint details={payoutDetails} />
      </dl>
      {a.promotion.trim() ? (
        <p className="mt-4 text-sm break-words text-ink-600">
          <span className="font-semibold text-ink-800">{t("admin.affiliates.promotion")}:</span>{" "}
          {a.promotion}
        </p>
      ) : null}
    </Section>
  );
}
