import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { AffiliateStatusValue } from "./admin-forms.ts";

const tones: Record<AffiliateStatusValue, string> = {
  active: "bg-brand-50 text-brand-800 ring-brand-200",
  suspended: "bg-coral-300/20 text-coral-700 ring-coral-300",
};

/** An affiliate's status in the back office, in the reader's language. */
export function AffiliateStatusBadge({ status }: { status: AffiliateStatusValue }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        tones[status],
      )}
    >
      {t(`admin.affiliates.statuses.${status}`)}
    </span>
  );
}
