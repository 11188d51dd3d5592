import { Link } from "react-router";
import { useTranslation } from "#app/i18n/translation.tsx";

/**
 * On an application's page: she applied with her own affiliate link, so the application is not
 * attributed to anyone; the reviewer is told whose link it was.
 */
export function SelfReferralNote({
  referral,
}: {
  referral: { id: number; name: string; code: string };
}) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      aria-labelledby="self-referral-title"
      className="mt-6 rounded-xl bg-sand-100 px-4 py-3 text-sm text-ink-800 ring-1 ring-sand-300"
    >
      <p id="self-referral-title" className="font-semibold text-ink-900">
        {t("admin.detail.selfReferralTitle")}
      </p>
      <p className="mt-1">
        {t("admin.detail.selfReferralText", { code: referral.code })}{" "}
        <Link
          to={`/admin/afiliados/${referral.id}`}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {referral.name}
        </Link>
      </p>
    </div>
  );
}
