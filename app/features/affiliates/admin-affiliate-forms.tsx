import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { NOTE_MAX, type AffiliateStatusValue } from "./admin-forms.ts";

export type AffiliateIntent = "status" | "commission" | "ledger" | "void";

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

/** An admin's three forms on an affiliate's page: status, commission, a ledger entry. */
export function AffiliateForms({
  status,
  commissionRate,
  result,
  today,
  latestDay,
}: {
  status: AffiliateStatusValue;
  commissionRate: string | null;
  result?: AffiliateFormResult;
  /** The ledger form's default day, and the latest it accepts. */
  today: string;
  latestDay: string;
}) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3">
      <StatusSection status={status} />
      <CommissionSection rate={commissionRate} result={result} />
      <LedgerEntrySection result={result} today={today} latestDay={latestDay} />
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

function CommissionSection({
  rate,
  result,
}: {
  rate: string | null;
  result?: AffiliateFormResult;
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  const { errors, values } = answerTo(result, "commission");
  return (
    <Section id="commission" title={t("admin.affiliates.commissionTitle")}>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="commission" />
        <Field
          id="rate"
          label={t("admin.affiliates.rateLabel")}
          hint={t("admin.affiliates.rateHint")}
          error={errors.rate ? t(errors.rate) : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              name="rate"
              inputMode="decimal"
              autoComplete="off"
              required
              defaultValue={values.rate ?? rate ?? ""}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {t("admin.affiliates.saveRate")}
        </Button>
      </Form>
    </Section>
  );
}

function LedgerEntrySection({
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
  const { errors, values } = answerTo(result, "ledger");
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Section id="ledger-form" title={t("admin.affiliates.ledgerFormTitle")}>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="ledger" />
        <Field id="kind" label={t("admin.affiliates.kind")} error={message("kind")}>
          {(aria) => (
            // As tall as the fields under it.
            <Select
              {...aria}
              name="kind"
              defaultValue={values.kind || "earning"}
              className="h-12 text-base"
            >
              <option value="earning">{t("admin.affiliates.kinds.earning")}</option>
              <option value="payout">{t("admin.affiliates.kinds.payout")}</option>
            </Select>
          )}
        </Field>
        <Field
          id="amount"
          label={t("admin.affiliates.amount")}
          hint={t("admin.affiliates.amountHint")}
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
          id="note"
          label={t("admin.affiliates.note")}
          hint={t("admin.affiliates.noteHint", { max: NOTE_MAX })}
          error={message("note")}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="note"
              maxLength={NOTE_MAX}
              className="min-h-20"
              defaultValue={values.note ?? ""}
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
