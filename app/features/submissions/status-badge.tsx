import { useTranslation } from "~/i18n/translation";
import type { SubmissionStatus as Status } from "~/features/submissions/statuses";
import { cn } from "~/utils/cn";

const tones: Record<Status, string> = {
  Pendente: "bg-sand-100 text-ink-800 ring-ink-300",
  Aprovado: "bg-brand-50 text-brand-800 ring-brand-200",
  Reprovado: "bg-coral-300/20 text-coral-700 ring-coral-300",
};

/** An application's status, named in the reader's language (the stored values stay Portuguese). */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        tones[status],
      )}
    >
      {t(`admin.status.${status}`)}
    </span>
  );
}

/** A moment, in the reader's language: "22 Nov 2026, 14:05". */
export function formatWhen(value: string | Date, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(value),
  );
}
