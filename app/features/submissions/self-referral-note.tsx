import { Link } from "react-router";
import { useTranslation } from "#app/i18n/translation.tsx";

/** Her application may be a self-referral: the affiliate it names, for the reviewer to check. */
export function SelfReferralNote({
  selfReferral,
}: {
  selfReferral: { id: number; code: string; name: string } | null | undefined;
}) {
  const { t } = useTranslation();
  if (!selfReferral) return null;
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
        {t("admin.detail.selfReferralText", { code: selfReferral.code })}{" "}
        <Link
          to={`/admin/afiliados/${selfReferral.id}`}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {selfReferral.name}
        </Link>
      </p>
    </div>
  );
}
