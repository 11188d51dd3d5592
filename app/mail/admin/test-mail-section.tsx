import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { SmtpView } from "#app/mail/smtp-admin.server.ts";
import { answerTo, Outcome } from "./outcome.tsx";
import type { EmailResult } from "./result.ts";

/** A test mail through the settings mail goes out with, and how the last one went. */
export function TestMailSection({ smtp, result }: { smtp: SmtpView; result?: EmailResult }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = answerTo(result, ["test"])?.errors ?? {};
  const last = smtp.lastTest;
  return (
    <Section
      id="test"
      title={t("admin.email.test.heading")}
      description={
        last
          ? t("admin.email.test.last", {
              when: formatAgencyTime(last.at, i18n.language),
              result: last.ok ? t("admin.email.test.lastOk") : t("admin.email.test.lastFailed"),
            })
          : t("admin.email.test.never")
      }
      className="self-start"
    >
      {last && !last.ok && last.error ? (
        <p className="mt-1 text-sm break-words text-coral-700">{last.error}</p>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="test" />
        <Field
          id="test-to"
          label={t("admin.email.test.to")}
          error={errors.to ? t(errors.to) : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              type="email"
              name="to"
              defaultValue={smtp.adminEmail}
              spellCheck={false}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          {t("admin.email.test.send")}
        </Button>
      </Form>
      <Outcome result={result} intents={["test"]} />
    </Section>
  );
}
