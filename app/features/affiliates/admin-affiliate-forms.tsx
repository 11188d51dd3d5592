import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { NOTE_MAX, type AffiliateStatusValue } from "./admin-forms.ts";
import { RuleFields, ruleFormValues } from "./rule-fields.tsx";
import type { CommissionRule } from "./rules.ts";

export type AffiliateIntent = "status" | "rule" | "rule-clear" | "entry" | "void" | "review";

/** What the page's action answers when it does not send her back to the page. */
export type AffiliateFormResult = {
  intent?: AffiliateIntent;
  error?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
};

/** The answer about one of the forms: its field errors and what she had typed. */
function answerTo(result: AffiliateFormResult | undefined, intent: AffiliateIntent) {
  const mine = result?.intent === intent;
  return {
    errors: (mine ? result.fieldErrors : undefined) ?? {},
    values: (mine ? result.values : undefined) ?? {},
  };
}

function useBusy() {
  return useNavigation().state !== "idle";
}

/** An admin's forms on an affiliate's page: status, her rule's override, a manual entry. */
export function AffiliateForms({
  status,
  override,
  programRule,
  result,
  today,
  latestDay,
  entryFormKey,
}: {
  status: AffiliateStatusValue;
  override: CommissionRule | null;
  /** The program's rule in words, which she follows without an override. */
  programRule: string;
  result?: AffiliateFormResult;
  /** The entry form's default day, and the latest it accepts. */
  today: string;
  latestDay: string;
  /** Changes with each entry recorded, so the form comes back empty for the next one. */
  entryFormKey: string;
}) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3">
      <StatusSection status={status} />
      <OverrideSection override={override} programRule={programRule} result={result} />
      <ManualEntrySection key={entryFormKey} result={result} today={today} latestDay={latestDay} />
    </div>
  );
}

function StatusSection({ status }: { status: AffiliateStatusValue }) {
  const { t } = useTranslation();
  const busy = useBusy();
  const active = status === "active";
  return (
    <Section
      id="status"
      title={t("admin.affiliates.statusTitle")}
      description={t(active ? "admin.affiliates.suspendHint" : "admin.affiliates.activateHint")}
    >
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value={active ? "suspended" : "active"} />
        <Button type="submit" disabled={busy} variant={active ? "secondary" : "primary"}>
          {t(active ? "admin.affiliates.suspend" : "admin.affiliates.activate")}
        </Button>
      </Form>
    </Section>
  );
}

function OverrideSection({
  override,
  programRule,
  result,
}: {
  override: CommissionRule | null;
  programRule: string;
  result?: AffiliateFormResult;
}) {
  const { t, i18n } = useTranslation();
  const busy = useBusy();
  const { errors, values } = answerTo(result, "rule");
  const shown = result?.intent === "rule" ? values : ruleFormValues(override, i18n.language);
  return (
    <Section
      id="rule"
      title={t("admin.affiliates.rule.overrideTitle")}
      description={
        override
          ? t("admin.affiliates.rule.overrideHint")
          : t("admin.affiliates.rule.followsProgram", { rule: programRule })
      }
    >
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="rule" />
        <RuleFields prefix="override" values={shown} errors={errors} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {t("admin.affiliates.rule.saveOverride")}
          </Button>
        </div>
      </Form>
      {override ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="rule-clear" />
          <Button type="submit" variant="secondary" disabled={busy}>
            {t("admin.affiliates.rule.clearOverride")}
          </Button>
        </Form>
      ) : null}
    </Section>
  );
}

function ManualEntrySection({
  result,
  today,
  latestDay,
}: {
  result?: AffiliateFormResult;
  today: string;
  latestDay: string;
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  const { errors, values } = answerTo(result, "entry");
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Section
      id="entry-form"
      title={t("admin.affiliates.entryFormTitle")}
      description={t("admin.affiliates.entryFormHint")}
    >
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="entry" />
        <Field
          id="amount"
          label={t("admin.affiliates.amount")}
          hint={t("admin.affiliates.entryAmountHint")}
          error={message("amount")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              defaultValue={values.amount ?? ""}
            />
          )}
        </Field>
        <Field id="date" label={t("admin.affiliates.date")} error={message("date")}>
          {(aria) => (
            <Input
              {...aria}
              name="date"
              type="date"
              required
              max={latestDay}
              defaultValue={values.date || today}
            />
          )}
        </Field>
        <Field
          id="reason"
          label={t("admin.affiliates.reason")}
          hint={t("admin.affiliates.reasonHint", { max: NOTE_MAX })}
          error={message("reason")}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="reason"
              required
              maxLength={NOTE_MAX}
              className="min-h-20"
              defaultValue={values.reason ?? ""}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {t("admin.affiliates.record")}
        </Button>
      </Form>
    </Section>
  );
}
