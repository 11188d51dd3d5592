import { Link } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

interface Waiting {
  days: number;
  total: number;
  oldest: { id: number; fullName: string; createdAt: Date; waitingDays: number }[];
}

/** The dashboard's reminder: applications past the agency's threshold, oldest first. */
export function WaitingSection({
  waiting,
  settingHref,
}: {
  waiting: Waiting;
  /** The screen where the threshold is changed; none for a role that cannot open it. */
  settingHref: string | null;
}) {
  const { t, i18n } = useTranslation();
  const more = waiting.total - waiting.oldest.length;
  return (
    <Section
      id="waiting"
      title={t("admin.dashboard.waitingTitle", { count: waiting.days })}
      className="mt-8"
    >
      {waiting.oldest.length > 0 ? (
        <ul className="mt-3 divide-y divide-ink-100">
          {waiting.oldest.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <Link
                to={`/admin/cadastros/${row.id}`}
                className="min-w-0 flex-1 truncate font-medium text-brand-800 underline underline-offset-2"
              >
                {row.fullName || t("admin.privacy.erasedName")}
              </Link>
              <span className="text-sm text-ink-600">
                {formatAgencyTime(row.createdAt, i18n.language)} ·{" "}
                {t("admin.dashboard.waitingDays", { count: row.waitingDays })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-ink-600">{t("admin.dashboard.waitingNone")}</p>
      )}
      {more > 0 ? (
        <p className="mt-3 text-sm text-ink-700">
          <Link to="/admin/pendentes" className="font-semibold text-brand-800 underline">
            {t("admin.dashboard.waitingMore", { count: more })}
          </Link>
        </p>
      ) : null}
      {settingHref ? (
        <p className="mt-3 text-sm text-ink-600">
          <Link to={settingHref} className="font-medium text-brand-800 underline">
            {t("admin.dashboard.waitingSetting")}
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
