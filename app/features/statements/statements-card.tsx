import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatMonth } from "./money.ts";

/** Her dashboard's card, once a statement is published to her: the latest month, and the way in. */
export function StatementsCard({ card }: { card: { latestMonth: string; count: number } }) {
  const { t, i18n } = useTranslation();
  return (
    <Section
      id="statements-card"
      anchor="statements"
      title={
        <span className="flex items-center gap-2">
          <Icon name="trending-up" className="size-5 text-brand-700" />
          {t("statements.card.title")}
        </span>
      }
    >
      <p className="mt-2 text-sm text-ink-600">
        {t("statements.card.text", { month: formatMonth(card.latestMonth, i18n.language) })}
      </p>
      <Link
        to="/dashboard/model/statements"
        className={`mt-5 ${buttonVariants({ variant: "secondary", size: "sm" })}`}
      >
        {t("statements.card.link")}
      </Link>
    </Section>
  );
}
