import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ProgramSettings } from "./entry-state.server.ts";
import { RuleFields, ruleFormValues } from "./rule-fields.tsx";
import type { CommissionRule } from "./rules.ts";

export type ProgramFormResult = {
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

/**
 * The program's rule in words for every reader of the list; for an admin, its form with the hold
 * days and the minimum payout beside it (one save, one transaction each).
 */
export function ProgramSection({
  rule,
  ruleText,
  settings,
  canEdit,
  result,
  saved,
}: {
  rule: CommissionRule;
  ruleText: string;
  settings: ProgramSettings;
  canEdit: boolean;
  result?: ProgramFormResult;
  saved: boolean;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {
    ...ruleFormValues(rule, i18n.language),
    holdDays: String(settings.holdDays),
    minimum: new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: 2,
      useGrouping: false,
    }).format(settings.minimumPayoutCents / 100),
  };
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Section
      id="program"
      title={t("admin.affiliates.rule.programTitle")}
      description={t("admin.affiliates.rule.programHint")}
      className="mt-6"
    >
      <p className="mt-3 text-sm text-ink-800">{ruleText}</p>
      <div aria-live="polite">
        {result?.error || result?.fieldErrors ? (
          <div className="mt-3">
            <FormMessage tone="error">
              {t(result.error ?? "admin.affiliates.errors.form")}
            </FormMessage>
          </div>
        ) : saved ? (
          <div className="mt-3">
            <FormMessage tone="notice">{t("admin.affiliates.notices.program")}</FormMessage>
          </div>
        ) : null}
      </div>
      {canEdit ? (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <RuleFields prefix="program" values={values} errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="holdDays"
              label={t("admin.affiliates.rule.holdDays")}
              hint={t("admin.affiliates.rule.holdDaysHint")}
              error={message("holdDays")}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="holdDays"
                  inputMode="numeric"
                  defaultValue={values.holdDays}
                />
              )}
            </Field>
            <Field
              id="minimum"
              label={t("admin.affiliates.rule.minimum")}
              hint={t("admin.affiliates.rule.minimumHint")}
              error={message("minimum")}
            >
              {(aria) => (
                <Input {...aria} name="minimum" inputMode="decimal" defaultValue={values.minimum} />
              )}
            </Field>
          </div>
          <Button type="submit" disabled={busy}>
            {t("admin.affiliates.rule.saveProgram")}
          </Button>
        </Form>
      ) : null}
    </Section>
  );
}
