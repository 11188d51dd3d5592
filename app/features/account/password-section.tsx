import { Form } from "react-router";
import { PASSWORD_MIN_LENGTH } from "#app/auth/password-rules.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/** Changing her password with her current one, and signing her other devices out with it. */
export function PasswordSection({
  error,
  busy,
}: {
  /** The field it belongs to; without one, about the form as a whole. */
  error: { error: string; field?: string } | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const message = (field: string) => (error?.field === field ? t(error.error) : undefined);
  return (
    <Section id="password" title={t("security.password.title")}>
      <p className="mt-2 text-ink-600">{t("security.password.text")}</p>
      <Form method="post" noValidate className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="password" />
        {error && !error.field ? <FormMessage tone="error">{t(error.error)}</FormMessage> : null}
        <Field
          id="current-password"
          label={t("security.password.current")}
          error={message("currentPassword")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          )}
        </Field>
        <Field
          id="new-password"
          label={t("security.password.new")}
          hint={t("auth.passwordHint")}
          error={message("newPassword")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              required
            />
          )}
        </Field>
        <label className="flex items-start gap-3 text-sm text-ink-800">
          <input
            type="checkbox"
            name="signOutOthers"
            defaultChecked
            className="mt-0.5 size-4 rounded border-ink-300 text-brand-700 focus:ring-brand-600"
          />
          {t("security.password.signOutOthers")}
        </label>
        <Button type="submit" disabled={busy}>
          {t("security.password.save")}
        </Button>
      </Form>
    </Section>
  );
}
