import { useTranslation } from "#app/i18n/translation.tsx";
import { Field, FieldError, Input } from "#app/components/ui/field.tsx";

/**
 * What the owner of a claimed account gives with her password: her own name and her role, in
 * place of what the stranger typed at sign-up (auth/account-claim.server.ts). Nothing of his
 * is shown back to her.
 */
export function ClaimFields({
  values,
  errors,
}: {
  values: { name?: string; role?: string };
  errors: { name?: string; role?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        id="name"
        label={t("auth.name")}
        hint={t("auth.claim.nameHint")}
        error={errors.name ? t(errors.name) : undefined}
      >
        {(aria) => (
          <Input
            {...aria}
            name="name"
            autoComplete="name"
            required
            maxLength={120}
            defaultValue={values.name}
          />
        )}
      </Field>
      <fieldset
        className="space-y-3"
        aria-describedby={errors.role ? "role-error" : undefined}
        aria-invalid={errors.role ? true : undefined}
      >
        <legend className="mb-2 text-sm font-semibold text-ink-900">
          {t("auth.claim.roleLegend")}
        </legend>
        {(["model", "affiliate"] as const).map((role) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-ink-200 has-checked:bg-brand-50 has-checked:ring-brand-600"
          >
            <input
              type="radio"
              name="role"
              value={role}
              required
              defaultChecked={values.role === role}
              className="mt-1 size-4 accent-brand-700"
            />
            <span className="text-sm text-ink-800">{t(`auth.claim.${role}`)}</span>
          </label>
        ))}
        <FieldError id="role-error" error={errors.role ? t(errors.role) : undefined} />
      </fieldset>
    </>
  );
}
