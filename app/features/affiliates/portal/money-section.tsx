import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { StatCards } from "#app/components/ui/stat-card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatMoney, formatPercent } from "#app/features/affiliates/money.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { PortalLedgerEntryView } from "./view.ts";

/** Her commission rate, what the agency recorded for her and paid her, and each entry. */
export function MoneySection({
  commissionRate,
  ledger,
}: {
  commissionRate: string | null;
  ledger: {
    totals: { earningsCents: number; payoutsCents: number; balanceCents: number };
    entries: PortalLedgerEntryView[];
  };
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <Section
      id="money"
      title={t("portal.money.title")}
      description={t("portal.money.intro")}
      className="mt-8"
    >
      <StatCards
        variant="figure"
        className="mt-5 grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4"
        stats={[
          {
            key: "rate",
            label: t("portal.money.rate"),
            value: formatPercent(commissionRate, i18n.language) ?? t("portal.money.noRate"),
          },
          {
            key: "earnings",
            label: t("portal.money.earnings"),
            value: money(ledger.totals.earningsCents),
          },
          {
            key: "payouts",
            label: t("portal.money.payouts"),
            value: money(ledger.totals.payoutsCents),
          },
          {
            key: "balance",
            label: t("portal.money.balance"),
            value: money(ledger.totals.balanceCents),
          },
        ]}
      />
      {ledger.entries.length === 0 ? (
        <EmptyState className="mt-5 bg-sand-50 px-4 py-6 ring-0">
          {t("portal.money.empty")}
        </EmptyState>
      ) : (
        <Table caption={t("portal.money.caption")} className="mt-5">
          <thead>
            <tr>
              <Th>{t("portal.money.date")}</Th>
              <Th>{t("portal.money.kind")}</Th>
              <Th numeric>{t("portal.money.amount")}</Th>
            </tr>
          </thead>
          <tbody>
            {ledger.entries.map((entry) => {
              // A voided entry stays in the list, greyed and struck through.
              const tone = entry.voided ? "text-ink-500" : "text-ink-800";
              return (
                <tr key={entry.id}>
                  <Td className={cn("whitespace-nowrap", tone)}>
                    <span className="sm:hidden">{entry.shortDate}</span>
                    <span className="hidden sm:inline">{entry.date}</span>
                  </Td>
                  <Td className={tone}>
                    {t(`portal.money.kinds.${entry.kind}`)}
                    {entry.voided ? (
                      <span className="ms-2">
                        <Badge tone="neutral">{t("portal.money.voided")}</Badge>
                      </span>
                    ) : null}
                  </Td>
                  <Td numeric className={cn(tone, entry.voided && "line-through")}>
                    {entry.kind === "payout" ? "− " : ""}
                    {money(entry.amountCents)}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </Section>
  );
}
