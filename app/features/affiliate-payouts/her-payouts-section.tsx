import { Badge } from "#app/components/ui/badge.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatMoney } from "#app/features/affiliates/money.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

export interface HerPayoutView {
  id: number;
  amountCents: number;
  state: "open" | "paid" | "cancelled";
  /** The day it was paid, in her language; null while it is being paid. */
  paidOn: string | null;
  hint: string;
}

/** Her payouts: when each was paid, how much, to which details (their hint), or "being paid". */
export function HerPayoutsSection({ payouts }: { payouts: HerPayoutView[] }) {
  const { t, i18n } = useTranslation();
  const badge = (state: HerPayoutView["state"]) => (
    <Badge tone={state === "paid" ? "positive" : "neutral"}>
      {t(`payouts.her.states.${state}`)}
    </Badge>
  );
  return (
    <Section id="payouts" anchor="payouts" title={t("payouts.her.title")} className="mt-8">
      {payouts.length === 0 ? (
        <EmptyState className="mt-5 bg-sand-50 px-4 py-6 ring-0">
          {t("payouts.her.empty")}
        </EmptyState>
      ) : (
        <Table caption={t("payouts.her.caption")} className="mt-5">
          <thead>
            <tr>
              <Th>{t("payouts.her.paidOn")}</Th>
              <Th className="max-sm:hidden">{t("payouts.her.state")}</Th>
              <Th className="max-sm:hidden">{t("payouts.her.to")}</Th>
              <Th numeric>{t("payouts.her.amount")}</Th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.id}>
                <Td className="whitespace-nowrap">
                  {payout.paidOn ?? "—"}
                  {/* On a phone the state sits under the day: three columns would push the
                      amount off the screen. */}
                  <span className="mt-1 block sm:hidden">{badge(payout.state)}</span>
                </Td>
                <Td className="max-sm:hidden">{badge(payout.state)}</Td>
                <Td className="font-mono text-sm max-sm:hidden">{payout.hint}</Td>
                <Td numeric>{formatMoney(payout.amountCents, i18n.language)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}
