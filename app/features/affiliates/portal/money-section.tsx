import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { StatCards } from "#app/components/ui/stat-card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import type { EntryTotals } from "#app/features/affiliates/entries.server.ts";
import { EntryStateBadge } from "#app/features/affiliates/entry-state-badge.tsx";
import { formatMoney } from "#app/features/affiliates/money.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { PortalEntryView } from "./view.ts";

/**
 * Her commission: the rule that applies to her in words, her totals by state (held only when
 * something is held), and each entry with what it is for, its amount and its state; a voided one
 * struck through with a line saying why.
 */
export function MoneySection({
  rule,
  totals,
  entries,
}: {
  rule: string;
  totals: EntryTotals;
  entries: PortalEntryView[];
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const stats = [
    { key: "pending", label: t("portal.money.pending"), value: money(totals.pendingCents) },
    {
      key: "payable",
      label: t("portal.money.payable"),
      value: money(totals.payableCents + totals.inBatchCents),
    },
    { key: "paid", label: t("portal.money.paid"), value: money(totals.paidCents) },
    ...(totals.heldCents !== 0
      ? [{ key: "held", label: t("portal.money.held"), value: money(totals.heldCents) }]
      : []),
  ];
  return (
    <Section
      id="money"
      title={t("portal.money.title")}
      description={t("portal.money.intro")}
      className="mt-8"
    >
      <p className="mt-4 rounded-lg bg-sand-50 px-4 py-3 text-sm text-ink-800">
        <span className="font-semibold">{t("portal.money.rule")}</span> {rule}
      </p>
      <StatCards
        variant="figure"
        className="mt-5 grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4"
        stats={stats}
      />
      {entries.length === 0 ? (
        <EmptyState className="mt-5 bg-sand-50 px-4 py-6 ring-0">
          {t("portal.money.empty")}
        </EmptyState>
      ) : (
        <Table caption={t("portal.money.caption")} className="mt-5">
          <thead>
            <tr>
              <Th>{t("portal.money.date")}</Th>
              <Th>{t("portal.money.description")}</Th>
              <Th numeric>{t("portal.money.amount")}</Th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const voided = entry.state === "void";
              const tone = voided ? "text-ink-500" : "text-ink-800";
              return (
                <tr key={entry.id}>
                  <Td className={cn("whitespace-nowrap", tone)}>
                    <span className="sm:hidden">{entry.shortDate}</span>
                    <span className="hidden sm:inline">{entry.date}</span>
                  </Td>
                  <Td className={cn("break-words", tone)}>
                    <span className={cn(voided && "line-through")}>{entry.description}</span>
                    <span className="mt-1 block">
                      <EntryStateBadge state={entry.state} />
                    </span>
                    {entry.voidLine ? (
                      <span className="mt-1 block text-xs text-ink-600">{entry.voidLine}</span>
                    ) : null}
                  </Td>
                  <Td numeric className={cn("whitespace-nowrap", tone, voided && "line-through")}>
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
