import { useTranslation } from "#app/i18n/translation.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";

/**
 * The password field of every account form: her current one (sign-in, confirming a change) or
 * a new one, with the policy's hint and lengths and the browser's password-manager hints.
 */
export function PasswordField({
  purpose,
  label,
  error,
}: {
  purpose: "current" | "new";
  label?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const isNew = purpose === "new";
  return (
    <Field
      id="password"
      label={label ?? t("auth.password")}
      hint={isNew ? t("auth.passwordHint") : undefined}
      error={error}
    >
      {(aria) => (
        <Input
          {...aria}
          name="password"
          type="password"
          autoComplete={isNew ? "new-password" : "current-password"}
          required
          minLength={isNew ? PASSWORD_MIN_LENGTH : undefined}
          maxLength={PASSWORD_MAX_LENGTH}
        />
      )}
    </Field>
  );
}
