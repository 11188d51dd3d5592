import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { answerTo, Outcome } from "#app/mail/admin/outcome.tsx";
import type { EmailResult } from "#app/mail/admin/result.ts";
import { MAX_WAITING_DAYS } from "./limits.ts";

/** /admin/email/reasons: after how many days an application waiting for a decision is pointed out. */
export function WaitingDaysSection({ days, result }: { days: number; result?: EmailResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const error = answerTo(result, ["waiting-days"])?.errors?.days;
  return (
    <Section
      id="waiting"
      anchor="waiting"
      title={t("admin.email.waiting.heading")}
      description={t("admin.email.waiting.text")}
      className="mt-6"
    >
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value="waiting-days" />
        <Field
          id="waiting-days"
          label={t("admin.email.waiting.label")}
          error={error ? t(error) : undefined}
          className="w-32"
        >
          {(aria) => (
            <Input
              {...aria}
              name="days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_WAITING_DAYS}
              step={1}
              defaultValue={days}
              key={days}
            />
          )}
        </Field>
        <Button type="submit" size="sm" disabled={busy} className="mb-1">
          {t("admin.email.waiting.save")}
        </Button>
      </Form>
      <Outcome result={result} intents={["waiting-days"]} />
    </Section>
  );
}
