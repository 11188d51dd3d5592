import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import type { EditorResult } from "./editor-result.ts";

/**
 * Where her work stands, said to screen readers as it changes: saving, saved (when), not saved
 * (and why), published or scheduled; and whether a live article has changes not yet published.
 */
export function SaveStatus({
  state,
  dirty,
  answer,
  hasPendingChanges,
  live,
}: {
  state: "idle" | "submitting" | "loading";
  dirty: boolean;
  answer?: EditorResult;
  hasPendingChanges: boolean;
  live: boolean;
}) {
  const { t, i18n } = useTranslation();
  let message: string;
  if (state === "submitting") message = t("admin.blog.status.saving");
  else if (dirty) message = t("admin.blog.status.unsaved");
  else if (answer && !answer.ok) message = t("admin.blog.status.refused");
  else if (answer?.ok && answer.savedAt && answer.done === "saved")
    message = t("admin.blog.status.savedAt", {
      time: formatAgencyTime(answer.savedAt, i18n.language),
    });
  else if (answer?.ok) message = t(`admin.blog.done.${answer.done}`);
  else message = "";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-ink-600">
        {message ? <Icon name={answer && !answer.ok ? "x" : "check"} className="size-4" /> : null}
        {message}
      </p>
      {live && hasPendingChanges ? (
        <p className="bg-coral-50 text-coral-800 rounded-full px-3 py-1 text-sm font-medium">
          {t("admin.blog.pendingNotice")}
        </p>
      ) : null}
    </div>
  );
}
