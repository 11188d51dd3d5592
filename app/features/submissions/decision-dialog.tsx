import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Select, Textarea } from "#app/components/ui/field.tsx";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import type { SubmissionStatus } from "#app/db/submission-statuses.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/** A field of the page's own decision form, to carry over what she had already written there. */
const pageField = (id: string) => {
  const field = typeof document === "undefined" ? null : document.getElementById(id);
  return field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement
    ? field.value
    : "";
};

/**
 * The approval or rejection a shortcut asks for, confirmed in a dialog before anything is sent:
 * one stray key must not mail an applicant. It posts the fields of the page's decision form
 * (the status she saw, the new one, the note and, to reject, the reason) to the same action, so
 * the server checks it exactly as it checks the buttons. Closes once the answer has arrived.
 */
export function DecisionDialog({
  to,
  name,
  status,
  reasons,
  onClose,
  onSubmit,
}: {
  to: "Aprovado" | "Reprovado";
  name: string;
  status: SubmissionStatus;
  reasons: readonly { id: number; label: string }[];
  onClose: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // Sent, then under way, then answered: only the answer closes it.
  const phase = useRef<"open" | "sent" | "busy">("open");
  const start = useRef<HTMLButtonElement & HTMLSelectElement>(null);
  const approve = to === "Aprovado";

  useEffect(() => {
    if (phase.current === "sent" && busy) phase.current = "busy";
    else if (phase.current === "busy" && !busy) onClose();
  }, [busy, onClose]);

  return (
    <ModalDialog
      id="review-decision"
      title={t(approve ? "admin.keys.approveTitle" : "admin.keys.rejectTitle", { name })}
      description={t(approve ? "admin.keys.approveText" : "admin.keys.rejectText")}
      closeLabel={t("admin.keys.cancel")}
      onClose={onClose}
      initialFocus={start}
    >
      <Form
        method="post"
        className="space-y-4"
        onSubmit={() => {
          phase.current = "sent";
          onSubmit();
        }}
      >
        <input type="hidden" name="from" value={status} />
        {!approve && reasons.length > 0 ? (
          <Field
            id="decision-reason"
            label={t("admin.detail.reason")}
            hint={t("admin.detail.reasonHint")}
          >
            {(aria) => (
              <Select {...aria} ref={start} name="reason" defaultValue={pageField("reason")}>
                <option value="">{t("admin.detail.noReason")}</option>
                {reasons.map((reason) => (
                  <option key={reason.id} value={reason.id}>
                    {reason.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <Field
          id="decision-note"
          label={t("admin.notes.toApplicant")}
          hint={t("admin.notes.toApplicantHint")}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="note"
              maxLength={2000}
              defaultValue={pageField("note")}
              className="min-h-20"
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button
            ref={approve || reasons.length === 0 ? start : undefined}
            type="submit"
            name="to"
            value={to}
            disabled={busy}
            variant={approve ? "primary" : "secondary"}
          >
            {t(`admin.detail.to${to}`)}
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("admin.keys.cancel")}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
