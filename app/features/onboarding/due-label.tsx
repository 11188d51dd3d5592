import { Badge } from "#app/components/ui/badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { daysBetween, formatDay } from "./format.ts";

/**
 * A step's due day in words, and in colour when it is overdue (the words say it without the
 * colour): "Overdue by 3 days", "Due today", "Due 3 Dec 2026". A closed step has none.
 */
export function DueLabel({
  dueOn,
  today,
  open,
}: {
  dueOn: string;
  /** Brasília's calendar day, from the server, so the page reads the same everywhere. */
  today: string;
  open: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (!open) return null;
  const late = daysBetween(dueOn, today);
  if (late > 0) {
    return (
      <Badge tone="negative" value="overdue">
        {t("onboarding.due.overdue", { count: late })}
      </Badge>
    );
  }
  return (
    <span className="text-xs text-ink-600">
      {late === 0
        ? t("onboarding.due.today")
        : t("onboarding.due.on", { date: formatDay(dueOn, i18n.language) })}
    </span>
  );
}
