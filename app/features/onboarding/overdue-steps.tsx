import { Link } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/** The dashboard's count of onboarding steps past their due day, leading to them in the view. */
export function OverdueSteps({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Section id="overdue-steps" title={t("onboarding.dashboard.title")} className="mt-8">
      {count > 0 ? (
        <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-3xl font-semibold text-coral-700">
            {new Intl.NumberFormat(i18n.language).format(count)}
          </span>
          <span className="text-ink-700">{t("onboarding.dashboard.overdue", { count })}</span>
          <Link
            to="/admin/onboarding?overdue=1"
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {t("onboarding.dashboard.see")}
          </Link>
        </p>
      ) : (
        <p className="mt-2 text-ink-600">
          {t("onboarding.dashboard.none")}{" "}
          <Link
            to="/admin/onboarding"
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {t("onboarding.dashboard.open")}
          </Link>
        </p>
      )}
    </Section>
  );
}
