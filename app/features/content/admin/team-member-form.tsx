import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import type { SentValues } from "./home-item-form.tsx";
import { PhotoField } from "./photo-field.tsx";

const MAX = 80;

/** A team member, new or edited: her name, what she does in each language, her photo. */
export function TeamMemberForm({
  member,
  errors = {},
  values,
}: {
  member?: { id: number; name: string; roles: Record<string, string> };
  errors?: FieldErrors;
  values?: SentValues;
}) {
  const { t } = useTranslation();
  const prefix = `team-${member?.id ?? "new"}`;
  const error = (name: string) => (errors[name] ? t(errors[name], { max: MAX }) : undefined);
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4">
      <input type="hidden" name="intent" value={member ? "edit" : "add"} />
      {member ? <input type="hidden" name="id" value={member.id} /> : null}
      <Field id={`${prefix}-name`} label={t("admin.content.team.name")} error={error("name")}>
        {(aria) => (
          <Input
            {...aria}
            name="name"
            type="text"
            defaultValue={values?.name ?? member?.name}
            maxLength={MAX}
            required
          />
        )}
      </Field>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink-900">
          {t("admin.content.team.roles")}
        </legend>
        {languages.map(({ code, name }) => (
          <Field
            key={code}
            id={`${prefix}-role-${code}`}
            label={<span lang={code}>{name}</span>}
            error={error(`role-${code}`)}
          >
            {(aria) => (
              <Input
                {...aria}
                name={`role-${code}`}
                type="text"
                defaultValue={values?.[`role-${code}`] ?? member?.roles[code]}
                maxLength={MAX}
                required
                lang={code}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <PhotoField
        prefix={prefix}
        error={errors.photo ? t(errors.photo) : undefined}
        consented={values?.consent === "on"}
      />
      <div>
        <Button type="submit">{t(member ? "admin.content.save" : "admin.content.add")}</Button>
      </div>
    </Form>
  );
}
