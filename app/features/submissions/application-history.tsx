import { Link } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ApplicationDetail } from "./detail.server.ts";
import { formatWhen } from "#app/i18n/format.ts";
import { StatusBadge } from "./status-badge.tsx";

/** What happened to the application, newest first: each change, when, by whom, with its note. */
export function ApplicationHistory({ history }: { history: ApplicationDetail["history"] }) {
  const { t, i18n } = useTranslation();
  return (
    <Section id="history" title={t("admin.detail.history")}>
      <ol className="mt-3 space-y-3 text-sm">
        {history.map((entry, index) => (
          <li
            key={index}
            className={
              entry.undoneAt ? "border-s-2 border-ink-200 ps-3" : "border-s-2 border-brand-200 ps-3"
            }
          >
            <p className={entry.undoneAt ? "text-ink-500" : "font-medium text-ink-900"}>
              <span className={entry.undoneAt ? "line-through" : undefined}>
                {entry.fromStatus ? `${t(`admin.status.${entry.fromStatus}`)} → ` : ""}
                {t(`admin.status.${entry.toStatus}`)}
              </span>
              {entry.undoneAt ? (
                <span className="ms-2 rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
                  {t("admin.undo.undone")}
                </span>
              ) : null}
            </p>
            {entry.reason ? (
              <p className="text-ink-700">{t("admin.reasons.logged", { reason: entry.reason })}</p>
            ) : null}
            <p className="text-ink-500">
              {formatWhen(entry.createdAt, i18n.language)} ·{" "}
              {entry.by ?? t("admin.detail.applicant")}
            </p>
            {entry.note ? <p className="mt-1 text-ink-700">{entry.note}</p> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Her other applications (the same address), each by its date and status. */
export function Duplicates({ duplicates }: { duplicates: ApplicationDetail["duplicates"] }) {
  const { t, i18n } = useTranslation();
  return (
    <Section id="duplicates" title={t("admin.detail.duplicates", { count: duplicates.length })}>
      <ul className="mt-3 space-y-2 text-sm">
        {duplicates.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-3">
            <Link
              to={`/admin/cadastros/${d.id}`}
              className="text-brand-700 underline underline-offset-2"
            >
              {formatWhen(d.createdAt, i18n.language)}
            </Link>
            <StatusBadge status={d.status} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
