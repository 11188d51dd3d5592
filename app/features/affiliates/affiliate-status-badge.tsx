import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { AffiliateStatusValue } from "./admin-forms.ts";

const tones: Record<AffiliateStatusValue, BadgeTone> = {
  active: "positive",
  suspended: "negative",
};

/** An affiliate's status in the back office, in the reader's language. */
export function AffiliateStatusBadge({ status }: { status: AffiliateStatusValue }) {
  const { t } = useTranslation();
  return (
    <Badge tone={tones[status]} value={status}>
      {t(`admin.affiliates.statuses.${status}`)}
    </Badge>
  );
}
