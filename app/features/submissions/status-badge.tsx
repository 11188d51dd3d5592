import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { SubmissionStatus as Status } from "#app/db/submission-statuses.ts";

const tones: Record<Status, BadgeTone> = {
  Pendente: "neutral",
  Aprovado: "positive",
  Reprovado: "negative",
};

/** An application's status, named in the reader's language (the stored values stay Portuguese). */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`admin.status.${status}`)}</Badge>;
}

/** A moment, in the reader's language: "22 Nov 2026, 14:05". */
export function formatWhen(value: string | Date, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(value),
  );
}
