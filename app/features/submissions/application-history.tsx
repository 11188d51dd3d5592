import { Section } from "#app/components/ui/card.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ApplicationDetail } from "./detail.server.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";

type Merge = {
  createdAt: string | Date;
  by: string | null;
  merged: number | null;
  mergedCreatedAt: string | null;
};

/**
 * What happened to the application, newest first: each change, when, by whom, with its note;
 * and each duplicate merged into it (duplicates.server.ts), which only the staff see.
 */
export function ApplicationHistory({
  history,
  merges = [],
}: {
  history: ApplicationDetail["history"];
  merges?: readonly Merge[];
}) {
  const { t, i18n } = useTranslation();
  const entries = [
    ...history.map((entry) => ({ at: new Date(entry.createdAt).getTime(), entry })),
    ...merges.map((merge) => ({ at: new Date(merge.createdAt).getTime(), merge })),
  ].sort((a, b) => b.at - a.at);
  return (
    <Section id="history" title={t("admin.detail.history")}>
      <ol className="mt-3 space-y-3 text-sm">
        {entries.map((item, index) =>
          "merge" in item ? (
            <li key={index} className="border-s-2 border-sand-300 ps-3">
              <p className="font-medium text-ink-900">
                {t("admin.duplicates.historyMerged", {
                  when: item.merge.mergedCreatedAt
                    ? formatAgencyTime(item.merge.mergedCreatedAt, i18n.language)
                    : "—",
                })}
              </p>
              <p className="text-ink-500">
                {formatAgencyTime(item.merge.createdAt, i18n.language)} · {item.merge.by ?? "—"}
              </p>
            </li>
          ) : (
            <HistoryEntry key={index} entry={item.entry} />
          ),
        )}
      </ol>
    </Section>
  );
}

function HistoryEntry({ entry }: { entry: ApplicationDetail["history"][number] }) {
  const { t, i18n } = useTranslation();
  // A decision taken back within its minute stays in the staff's history, struck through.
  return (
    <li
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
        {formatAgencyTime(entry.createdAt, i18n.language)} ·{" "}
        {entry.by ?? t("admin.detail.applicant")}
      </p>
      {entry.note ? <p className="mt-1 text-ink-700">{entry.note}</p> : null}
    </li>
  );
}
