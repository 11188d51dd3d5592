import { Icon, type IconName } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import type { EditorResult } from "./editor-result.ts";

/**
 * Where her work stands, said to screen readers as it changes: saving, saved (when), waiting for
 * the connection (her words kept on this device meanwhile), not saved (and why), published or
 * scheduled. Never the server's fault when it is her connection.
 */
export function SaveStatus({
  saving,
  unsaved,
  unreachable,
  answer,
}: {
  saving: boolean;
  unsaved: boolean;
  unreachable?: "offline" | "server";
  answer?: EditorResult;
}) {
  const { t, i18n } = useTranslation();
  let message = "";
  let icon: IconName | null = "check";
  let tone = "text-ink-600";
  if (saving) {
    message = t("admin.blog.status.saving");
    icon = "clock";
  } else if (unreachable) {
    message = t(`admin.blog.status.${unreachable}`);
    icon = "cloud-off";
    tone = "text-coral-700";
  } else if (answer && !answer.ok && !answer.savedAt) {
    message = t("admin.blog.status.refused");
    icon = "x";
    tone = "text-coral-700";
  } else if (unsaved) {
    message = t("admin.blog.status.unsaved");
    icon = null;
  } else if (answer?.ok && answer.savedAt && answer.done === "saved") {
    message = t("admin.blog.status.savedAt", {
      time: formatAgencyTime(answer.savedAt, i18n.language),
    });
  } else if (answer?.ok) message = t(`admin.blog.done.${answer.done}`);
  else if (answer?.savedAt) message = t("admin.blog.status.draftSaved");
  return (
    <p
      role="status"
      aria-live="polite"
      className={`flex items-center gap-1.5 text-sm font-medium ${tone}`}
    >
      {message && icon ? <Icon name={icon} className="size-4 shrink-0" /> : null}
      <span>{message}</span>
    </p>
  );
}
