import { Badge } from "#app/components/ui/badge.tsx";
import type { PayoutBatchState } from "#app/db/affiliate-program-states.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/** A batch's state in words: being paid, paid, cancelled. */
export function BatchStateBadge({ state }: { state: PayoutBatchState }) {
  const { t } = useTranslation();
  const tone = state === "paid" ? "positive" : state === "cancelled" ? "negative" : "neutral";
  return <Badge tone={tone}>{t(`admin.payouts.states.${state}`)}</Badge>;
}
