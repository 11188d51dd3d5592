import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Select, Textarea } from "#app/components/ui/field.tsx";
import type { SubmissionStatus } from "#app/db/submission-statuses.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/**
 * The reviewer's decision: the statuses she may move the application to, with a note and, when
 * rejecting, one of the rejection reasons (each has its own mail). The status she saw travels
 * with it (`from`), so a decision made meanwhile by someone else is not overwritten.
 */
export function DecisionForm({
  status,
  actions,
  reasons,
  askCorrection = false,
  busy,
}: {
  status: SubmissionStatus;
  actions: readonly SubmissionStatus[];
  reasons: readonly { id: number; label: string }[];
  /** Reopening after her decision's mail went out: whether to tell her it no longer stands. */
  askCorrection?: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section id="decide" title={t("admin.detail.decide")}>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="from" value={status} />
        {actions.includes("Reprovado") && reasons.length > 0 ? (
          <Field id="reason" label={t("admin.detail.reason")} hint={t("admin.detail.reasonHint")}>
            {(aria) => (
              <Select {...aria} name="reason" defaultValue="">
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
        {askCorrection && actions.includes("Pendente") ? (
          <div className="rounded-xl bg-sand-50 p-3 ring-1 ring-sand-300">
            <label className="flex items-start gap-3 text-sm text-ink-800">
              <input
                type="checkbox"
                name="correction"
                value="yes"
                defaultChecked
                aria-describedby="correction-hint"
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
              />
              <span className="font-semibold text-ink-900">{t("admin.undo.correction")}</span>
            </label>
            <p id="correction-hint" className="mt-1 ps-7 text-xs text-ink-600">
              {t("admin.undo.correctionHint")}
            </p>
          </div>
        ) : null}
        {/* Hers, unlike the team's private notes (private-notes.tsx): the label says so. */}
        <Field
          id="note"
          label={t("admin.notes.toApplicant")}
          hint={t("admin.notes.toApplicantHint")}
        >
          {(aria) => <Textarea {...aria} name="note" maxLength={2000} className="min-h-24" />}
        </Field>
        <div className="flex flex-wrap gap-2">
          {actions.map((to) => (
            <Button
              key={to}
              type="submit"
              name="to"
              value={to}
              disabled={busy}
              variant={to === "Aprovado" ? "primary" : "secondary"}
            >
              {t(`admin.detail.to${to}`)}
            </Button>
          ))}
        </div>
      </Form>
    </Section>
  );
}
