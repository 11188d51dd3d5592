import { Form } from "react-router";
import { PasswordField } from "#app/auth/password-field.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/*
 * The sections of her account's security page (/account/security, app/routes/account/
 * security.tsx). A feature folder of their own rather than app/auth: they are one screen's parts,
 * which live in features (issue 15), and they show what auth only provides (the sessions list
 * reads features' date format); app/auth keeps the sign-in machinery that many screens share,
 * such as PasswordField, and sits below features, so it could not import them back.
 */

/** What turning two-step sign-in on shows between her password and her first code. */
export interface TwoFactorSetup {
  /** An SVG the server drew from her own setup link. */
  qr: string;
  secret: string;
  backupCodes: string[];
}

/**
 * Two-step sign-in: whether it is on, and the way to turn it on (her password, then the QR code
 * and backup codes, then a code from the app) or off (her password).
 */
export function TwoFactorSection({
  enabled,
  required,
  notice,
  setup,
  scanning,
  error,
  busy,
}: {
  enabled: boolean;
  /** Sent here because her role requires it. */
  required: boolean;
  notice: string | null;
  setup: TwoFactorSetup | null;
  /** Waiting for the first code from the app (also after a wrong one). */
  scanning: boolean;
  error: { error: string; params?: Record<string, number> } | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section id="two-factor" title={t("security.twoFactorTitle")}>
      <p className="mt-2 text-ink-600">{t("security.twoFactorText")}</p>
      <p className="mt-4 text-sm font-semibold" role="status">
        {enabled ? t("security.statusOn") : t("security.statusOff")}
      </p>
      <div className="mt-6">
        {required && !enabled ? (
          <FormMessage tone="error">{t("security.required")}</FormMessage>
        ) : null}
        {notice === "enabled" || notice === "disabled" ? (
          <FormMessage tone="notice">{t(`security.notices.${notice}`)}</FormMessage>
        ) : null}
        {error ? (
          <FormMessage tone="error">{t(error.error, error.params ?? {})}</FormMessage>
        ) : null}

        {setup ? <SetupCodes setup={setup} /> : null}

        {scanning ? (
          // Keyed: the code field must never be the password field's element reused, with the
          // password still in it and no longer hidden.
          <Form key="confirm" method="post" className="mt-6 space-y-4" noValidate>
            <input type="hidden" name="intent" value="confirm" />
            <Field id="code" label={t("security.code")}>
              {(aria) => (
                <Input
                  {...aria}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={10}
                  required
                />
              )}
            </Field>
            <Button type="submit" disabled={busy}>
              {t("security.confirm")}
            </Button>
          </Form>
        ) : (
          <Form key="password" method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value={enabled ? "disable" : "enable"} />
            <PasswordField purpose="current" />
            <Button type="submit" variant={enabled ? "secondary" : "primary"} disabled={busy}>
              {enabled ? t("security.disable") : t("security.enable")}
            </Button>
          </Form>
        )}
      </div>
    </Section>
  );
}

/** The QR code for her app, its secret to type instead, and the backup codes to keep. */
function SetupCodes({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <p className="text-ink-700">{t("security.scan")}</p>
      <div
        className="size-48 rounded-xl bg-white p-2 ring-1 ring-ink-200 [&_svg]:size-full"
        role="img"
        aria-label={t("security.qrLabel")}
        dangerouslySetInnerHTML={{ __html: setup.qr }}
      />
      <p className="text-sm text-ink-600">
        {t("security.manual")}{" "}
        <code className="rounded bg-ink-100 px-2 py-1 font-mono break-all text-ink-900">
          {setup.secret}
        </code>
      </p>
      <div>
        <p id="backup-codes-title" className="text-sm font-semibold text-ink-900">
          {t("security.backupTitle")}
        </p>
        <p className="mt-1 text-sm text-ink-600">{t("security.backupText")}</p>
        <ul
          aria-labelledby="backup-codes-title"
          className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-3"
        >
          {setup.backupCodes.map((code) => (
            <li key={code} className="rounded-lg bg-sand-50 px-3 py-2 ring-1 ring-ink-200">
              {code}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
