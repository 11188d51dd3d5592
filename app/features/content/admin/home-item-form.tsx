import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { PhotoField } from "./photo-field.tsx";

const LIMITS = { title: 200, subtitle: 80, body: 1_000 };

/** What came back with a refused post: the text as she typed it, shown again. */
export type SentValues = Partial<Record<string, string>>;

/**
 * A FAQ item (question, answer) or a testimonial (quote, name, what she does, her photo), new
 * or edited. Multipart, so the photo travels with the text it belongs to.
 */
export function HomeItemForm({
  kind,
  language,
  item,
  errors = {},
  values,
}: {
  kind: "faq" | "testimonial";
  language: string;
  item?: { id: number; title: string; subtitle: string; body: string };
  errors?: FieldErrors;
  values?: SentValues;
}) {
  const { t } = useTranslation();
  const prefix = `${kind}-${item?.id ?? "new"}`;
  const error = (name: string) =>
    errors[name] ? t(errors[name], { max: LIMITS[name as keyof typeof LIMITS] }) : undefined;
  const value = (name: "title" | "subtitle" | "body") => values?.[name] ?? item?.[name];
  const labels =
    kind === "faq" ? { title: "question", body: "answer" } : { title: "name", body: "quote" };
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4">
      <input type="hidden" name="intent" value={item ? "edit" : "add"} />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      {kind === "testimonial" ? (
        <Field id={`${prefix}-body`} label={t("admin.content.fields.quote")} error={error("body")}>
          {(aria) => (
            <Textarea
              {...aria}
              name="body"
              defaultValue={value("body")}
              maxLength={LIMITS.body}
              required
              lang={language}
            />
          )}
        </Field>
      ) : null}
      <Field
        id={`${prefix}-title`}
        label={t(`admin.content.fields.${labels.title}`)}
        hint={kind === "testimonial" ? t("admin.content.hints.name") : undefined}
        error={error("title")}
      >
        {(aria) => (
          <Input
            {...aria}
            name="title"
            type="text"
            defaultValue={value("title")}
            maxLength={LIMITS.title}
            required
            lang={language}
          />
        )}
      </Field>
      {kind === "faq" ? (
        <Field id={`${prefix}-body`} label={t("admin.content.fields.answer")} error={error("body")}>
          {(aria) => (
            <Textarea
              {...aria}
              name="body"
              defaultValue={value("body")}
              maxLength={LIMITS.body}
              required
              lang={language}
            />
          )}
        </Field>
      ) : (
        <>
          <Field
            id={`${prefix}-subtitle`}
            label={t("admin.content.fields.role")}
            error={error("subtitle")}
          >
            {(aria) => (
              <Input
                {...aria}
                name="subtitle"
                type="text"
                defaultValue={value("subtitle")}
                maxLength={LIMITS.subtitle}
                lang={language}
              />
            )}
          </Field>
          <PhotoField
            prefix={prefix}
            error={errors.photo ? t(errors.photo) : undefined}
            consented={values?.consent === "on"}
          />
        </>
      )}
      <div>
        <Button type="submit">{t(item ? "admin.content.save" : "admin.content.add")}</Button>
      </div>
    </Form>
  );
}
