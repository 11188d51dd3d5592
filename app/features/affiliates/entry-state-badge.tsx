import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import type { EntryState } from "#app/db/affiliate-program-states.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

const tones: Record<EntryState, BadgeTone> = {
  pending: "neutral",
  payable: "positive",
  "in-batch": "neutral",
  paid: "positive",
  held: "negative",
  void: "negative",
};

/** An entry's state (derived at the loader's time) in the reader's language. */
export function EntryStateBadge({ state }: { state: EntryState }) {
  const { t } = useTranslation();
  return (
    <Badge tone={tones[state]} value={state}>
      {t(`affiliateProgram.states.${state}`)}
    </Badge>
  );
}
