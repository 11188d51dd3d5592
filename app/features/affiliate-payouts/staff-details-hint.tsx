import { useTranslation } from "#app/i18n/translation.tsx";
import type { PayoutDetailsView } from "./payout-details-section.tsx";

/**
 * What the staff see of an affiliate's payout details on her page (/admin/afiliados/:id): their
 * hint only, and whether a change waits for her link. Data: payoutDetailsSummary (details.server.ts);
 * strings: the admin-payouts namespace.
 */
export function StaffPayoutDetailsHint({ details }: { details: PayoutDetailsView }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
        {t("admin.payouts.staffHint.label")}
      </dt>
      <dd className="mt-1 text-sm text-ink-900">
        {details.current ? (
          <span className="font-mono">{details.current.hint}</span>
        ) : (
          t("admin.payouts.staffHint.none")
        )}
        {details.waiting ? (
          <span className="ms-2 text-ink-600">{t("admin.payouts.staffHint.waiting")}</span>
        ) : null}
      </dd>
    </div>
  );
}
