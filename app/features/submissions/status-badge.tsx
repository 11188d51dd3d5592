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
  return (
    <Badge tone={tones[status]} value={status}>
      {t(`admin.status.${status}`)}
    </Badge>
  );
}

// Its home is i18n (the mail module's screens sit below the features); still offered here to
// the screens that import it with the status.
