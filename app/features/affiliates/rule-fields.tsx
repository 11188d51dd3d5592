import { referralMilestones } from "#app/db/affiliate-program-states.ts";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { CommissionRule } from "./rules.ts";

/** A rule's values as the form shows them: reais and percent as the admin would type them. */
export function ruleFormValues(rule: CommissionRule | null, language: string) {
  const decimal = (value: number) =>
    new Intl.NumberFormat(language, { minimumFractionDigits: 2, useGrouping: false }).format(value);
  return {
    milestone: rule?.milestone ?? "",
    fixed: rule?.fixedCents ? decimal(rule.fixedCents / 100) : "",
    share: rule?.shareBasisPoints
      ? new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(
          rule.shareBasisPoints / 100,
        )
      : "",
    months: rule?.shareMonths ? String(rule.shareMonths) : "",
  };
}

/**
 * The four fields of a rule (the program's or an override), each labelled, with its error. The
 * `prefix` keeps two rule forms on one page apart.
 */
export function RuleFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  // Two columns where the form is wide enough for them (the program's section), one in the
  // narrow card of an affiliate's page: its own width decides, not the screen's.
  return (
    <div className="@container">
      <div className="grid gap-4 @md:grid-cols-2">
        <Field
          id={`${prefix}-milestone`}
          label={t("admin.affiliates.rule.milestone")}
          error={message("milestone")}
        >
          {(aria) => (
            <Select
              {...aria}
              name="milestone"
              defaultValue={values.milestone ?? ""}
              className="h-12 text-base"
            >
              <option value="">{t("admin.affiliates.rule.noMilestone")}</option>
              {referralMilestones.map((milestone) => (
                <option key={milestone} value={milestone}>
                  {t(`admin.affiliates.rule.milestones.${milestone}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={`${prefix}-fixed`}
          label={t("admin.affiliates.rule.fixed")}
          hint={t("admin.affiliates.amountHint")}
          error={message("fixed")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="fixed"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values.fixed ?? ""}
            />
          )}
        </Field>
        <Field
          id={`${prefix}-share`}
          label={t("admin.affiliates.rule.share")}
          hint={t("admin.affiliates.rule.shareHint")}
          error={message("share")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="share"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values.share ?? ""}
            />
          )}
        </Field>
        <Field
          id={`${prefix}-months`}
          label={t("admin.affiliates.rule.months")}
          error={message("months")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="months"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values.months ?? ""}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
