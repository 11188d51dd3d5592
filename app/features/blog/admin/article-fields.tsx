import { useState } from "react";
import { Field, FieldError, Input, Textarea } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { BlogTranslationFields } from "#app/db/schema.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import type { Body } from "#app/features/blog/body.ts";
import { LIMITS } from "#app/features/blog/limits.ts";
import { BodyEditor } from "./body-editor.tsx";
import { CoverField } from "./cover-field.tsx";
import { SocialCardPreview } from "./social-card-preview.tsx";

/** A translation's texts, its address and its body, each with its limit and its error. */
export function ArticleFields({
  id,
  language,
  fields,
  cover,
  errors,
  onBodyChange,
  onCoverChange,
}: {
  id: number;
  language: string;
  fields: BlogTranslationFields;
  cover: StoredImage | null;
  errors: FieldErrors;
  onBodyChange: () => void;
  onCoverChange: () => void;
}) {
  const { t } = useTranslation();
  // The body as the editor has it, sent with the form. Held here, not read back from the page's
  // data: a hidden input's value is its attribute, which React (19) sets again from
  // `defaultValue` whenever it renders the input, and the data read again after an autosave is
  // older than the words she typed since.
  const [body, setBody] = useState(() => JSON.stringify(fields.body));
  const error = (name: string) => (errors[name] ? t(errors[name], LIMITS) : undefined);
  const text = (name: keyof typeof LIMITS & keyof BlogTranslationFields, long = false) => (
    <Field
      id={`field-${name}`}
      label={t(`admin.blog.fields.${name}`)}
      hint={t(`admin.blog.hints.${name}`, { max: LIMITS[name] })}
      error={error(name)}
    >
      {(aria) =>
        long ? (
          <Textarea
            {...aria}
            name={name}
            defaultValue={fields[name]}
            maxLength={LIMITS[name]}
            rows={3}
            className="min-h-20"
            lang={language}
          />
        ) : (
          <Input
            {...aria}
            name={name}
            type="text"
            defaultValue={fields[name]}
            maxLength={LIMITS[name]}
            lang={language}
          />
        )
      }
    </Field>
  );
  return (
    <div className="card space-y-6">
      {text("title")}
      <Field
        id="field-slug"
        label={t("admin.blog.fields.slug")}
        hint={t("admin.blog.hints.slug")}
        error={error("slug")}
      >
        {(aria) => (
          <div className="flex items-center gap-1 text-sm text-ink-600">
            <span aria-hidden>/blog/</span>
            <Input
              {...aria}
              name="slug"
              type="text"
              defaultValue={fields.slug}
              maxLength={120}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              autoCapitalize="off"
              spellCheck={false}
            />
          </div>
        )}
      </Field>
      {text("category")}
      {text("excerpt", true)}
      {text("seoTitle")}
      {text("description", true)}
      <CoverField
        id={id}
        language={language}
        cover={cover}
        alt={fields.coverAlt}
        errors={errors}
        onChange={onCoverChange}
      />
      <SocialCardPreview />
      <div className="space-y-2">
        {/* The editable area is named by this text (aria-labelledby): no <label> fits a rich text. */}
        <p id="field-body-label" className="text-sm font-semibold text-ink-900">
          {t("admin.blog.fields.body")}
        </p>
        <p id="field-body-hint" className="text-sm text-ink-500">
          {t("admin.blog.hints.body")}
        </p>
        <input type="hidden" name="body" value={body} />
        <BodyEditor
          initial={fields.body as Body}
          labelledBy="field-body-label"
          describedBy={errors.body ? "field-body-hint field-body-error" : "field-body-hint"}
          invalid={Boolean(errors.body)}
          onChange={(value) => {
            setBody(JSON.stringify(value));
            onBodyChange();
          }}
        />
        <FieldError id="field-body-error" error={error("body")} />
      </div>
    </div>
  );
}
