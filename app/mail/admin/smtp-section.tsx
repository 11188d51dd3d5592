import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { smtpSecurities } from "#app/mail/kinds.ts";
import type { SmtpView } from "#app/mail/smtp-admin.server.ts";
import { answerTo, Outcome } from "./outcome.tsx";
import type { EmailResult } from "./result.ts";

/**
 * The SMTP server and the sender. With SMTP_URL the server's fields are read-only (the
 * environment wins) and only the sender can be saved.
 */
export function SmtpSection({ smtp, result }: { smtp: SmtpView; result?: EmailResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const readOnly = smtp.source === "env";
  const errors = answerTo(result, ["smtp"])?.errors ?? {};
  const error = (name: string) => (errors[name] ? t(errors[name]) : undefined);
  return (
    <Section
      id="smtp"
      anchor="smtp"
      title={t("admin.email.smtp.heading")}
      description={
        readOnly
          ? t("admin.email.smtp.envWins", { server: smtp.envServer ?? "SMTP_URL" })
          : smtp.source === "settings"
            ? t("admin.email.smtp.fromSettings")
            : t("admin.email.smtp.notConfigured")
      }
    >
      {/* A fresh form after each save: the password field is empty again. */}
      <Form method="post" className="mt-4 space-y-4" key={smtp.savedAt ?? "new"} noValidate>
        <input type="hidden" name="intent" value="smtp" />
        <fieldset disabled={readOnly} className="space-y-4">
          <legend className="sr-only">{t("admin.email.smtp.server")}</legend>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
            <Field id="smtp-host" label={t("admin.email.smtp.host")} error={error("host")}>
              {(aria) => (
                <Input
                  {...aria}
                  name="host"
                  defaultValue={smtp.host}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="smtp.example.com"
                  readOnly={readOnly}
                />
              )}
            </Field>
            <Field id="smtp-port" label={t("admin.email.smtp.port")} error={error("port")}>
              {(aria) => (
                <Input
                  {...aria}
                  name="port"
                  inputMode="numeric"
                  defaultValue={String(smtp.port)}
                  readOnly={readOnly}
                />
              )}
            </Field>
          </div>
          <Field
            id="smtp-security"
            label={t("admin.email.smtp.security")}
            error={error("security")}
          >
            {(aria) => (
              <select
                {...aria}
                name="security"
                defaultValue={smtp.security}
                className="field disabled:bg-ink-100/60"
              >
                {smtpSecurities.map((value) => (
                  <option key={value} value={value}>
                    {t(`admin.email.smtp.securities.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="smtp-user" label={t("admin.email.smtp.user")} error={error("user")}>
            {(aria) => (
              <Input
                {...aria}
                name="user"
                defaultValue={smtp.user}
                autoComplete="off"
                spellCheck={false}
                readOnly={readOnly}
              />
            )}
          </Field>
          <Field
            id="smtp-password"
            label={t("admin.email.smtp.password")}
            hint={
              smtp.passwordSet
                ? `${t("admin.email.smtp.passwordSet")} ${t("admin.email.smtp.passwordAgain")}`
                : t("admin.email.smtp.passwordNotSet")
            }
            error={error("password")}
          >
            {(aria) => (
              <Input
                {...aria}
                type="password"
                name="password"
                autoComplete="new-password"
                readOnly={readOnly}
              />
            )}
          </Field>
          {smtp.passwordSet ? (
            <label className="flex items-center gap-2 text-sm text-ink-800">
              <input
                type="checkbox"
                name="removePassword"
                className="size-4 rounded accent-brand-700"
              />
              {t("admin.email.smtp.removePassword")}
            </label>
          ) : null}
        </fieldset>
        <SenderFields smtp={smtp} error={error} />
        <Button type="submit" disabled={busy}>
          {t("admin.email.smtp.save")}
        </Button>
      </Form>
      <Outcome result={result} intents={["smtp"]} />
    </Section>
  );
}

/** Who the mail is from; an empty field means the default, which its hint names. */
function SenderFields({
  smtp,
  error,
}: {
  smtp: SmtpView;
  error: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        id="smtp-sender-name"
        label={t("admin.email.smtp.senderName")}
        hint={t("admin.email.smtp.whenEmpty", { value: smtp.defaults.senderName })}
        error={error("senderName")}
      >
        {(aria) => <Input {...aria} name="senderName" defaultValue={smtp.senderName} />}
      </Field>
      <Field
        id="smtp-sender-address"
        label={t("admin.email.smtp.senderAddress")}
        hint={t("admin.email.smtp.whenEmpty", { value: smtp.defaults.senderAddress })}
        error={error("senderAddress")}
      >
        {(aria) => (
          <Input
            {...aria}
            type="email"
            name="senderAddress"
            defaultValue={smtp.senderAddress}
            spellCheck={false}
          />
        )}
      </Field>
    </>
  );
}
