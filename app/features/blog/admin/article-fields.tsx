import type { ReactNode } from "react";
import { Field, FieldError, Input, Textarea } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { BlogTranslationFields } from "#app/db/schema.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import type { Body } from "#app/features/blog/body.ts";
import { LIMITS } from "#app/features/blog/limits.ts";
import type { PublishRequirement } from "#app/features/blog/publish-requirements.ts";
import { BodyEditor } from "./body-editor.tsx";
import { CoverField } from "./cover-field.tsx";
import { SocialCardPreview } from "./social-card-preview.tsx";

/** Puts the caret in one of the editor's fields (each is `field-<name>`, the body's included). */
export function focusField(name: string) {
  const element = document.getElementById(`field-${name}`);
  element?.scrollIntoView({ block: "center" });
  element?.focus({ preventScroll: true });
}

/**
 * Marks a field publishing needs, from the start: she is never refused over a surprise. Seen
 * beside the label; a screen reader hears it with the field's hint (`NeededHint`), so the
 * field's name stays its label alone.
 */
function Needed({ missing }: { missing: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      aria-hidden
      className={
        missing
          ? "ms-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-coral-700 ring-1 ring-coral-300"
          : "ms-2 rounded-full bg-ink-100 px-2 py-0.5 text-xs font-medium text-ink-600"
      }
    >
      {t("admin.blog.neededToPublish")}
    </span>
  );
}

/** A hint that starts by saying publishing needs the field (for screen readers). */
function NeededHint({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sr-only">{t("admin.blog.neededToPublish")}. </span>
      {children}
    </>
  );
}

/**
 * What she writes, first and wide: the title and the body. The save's status rides in the
 * body's toolbar, which stays in view while she writes.
 */
export function WritingFields({
  language,
  fields,
  errors,
  required,
  status,
  onBodyChange,
}: {
  language: string;
  fields: BlogTranslationFields;
  errors: FieldErrors;
  /** The requirements for publishing still missing. */
  required: readonly PublishRequirement[];
  status: ReactNode;
  onBodyChange: (body: Body) => void;
}) {
  const { t } = useTranslation();
  const error = (name: string) => (errors[name] ? t(errors[name], LIMITS) : undefined);
  return (
    <div className="card space-y-6">
      <Field
        id="field-title"
        label={
          <>
            {t("admin.blog.fields.title")}
            <Needed missing={required.includes("title")} />
          </>
        }
        hint={<NeededHint>{t("admin.blog.hints.title", { max: LIMITS.title })}</NeededHint>}
        error={error("title")}
      >
        {(aria) => (
          <Input
            {...aria}
            name="title"
            type="text"
            defaultValue={fields.title}
            maxLength={LIMITS.title}
            lang={language}
            className="text-xl font-semibold"
          />
        )}
      </Field>
      <div className="space-y-2">
        {/* The editable area is named by this text (aria-labelledby): no <label> fits a rich text. */}
        <p id="field-body-label" className="text-sm font-semibold text-ink-900">
          {t("admin.blog.fields.body")}
          <Needed missing={required.includes("body")} />
        </p>
        <p id="field-body-hint" className="text-sm text-ink-500">
          <NeededHint>{t("admin.blog.hints.body")}</NeededHint>
        </p>
        <BodyEditor
          id="field-body"
          language={language}
          initial={fields.body as Body}
          labelledBy="field-body-label"
          describedBy={errors.body ? "field-body-hint field-body-error" : "field-body-hint"}
          invalid={Boolean(errors.body)}
          toolbarEnd={status}
          onChange={onBodyChange}
        />
        <FieldError id="field-body-error" error={error("body")} />
      </div>
    </div>
  );
}

/**
 * Beside the text (below it on a phone): what lists, describes and illustrates the article, and
 * its address. Those publishing needs are marked from the start.
 */
export function ArticleDetails({
  id,
  language,
  fields,
  cover,
  errors,
  required,
  onCoverChange,
}: {
  id: number;
  language: string;
  fields: BlogTranslationFields;
  cover: StoredImage | null;
  errors: FieldErrors;
  required: readonly PublishRequirement[];
  onCoverChange: () => void;
}) {
  const { t } = useTranslation();
  const error = (name: string) => (errors[name] ? t(errors[name], LIMITS) : undefined);
  const text = (name: "category" | "excerpt" | "seoTitle" | "description", long = false) => (
    <Field
      id={`field-${name}`}
      label={
        <>
          {t(`admin.blog.fields.${name}`)}
          {name === "seoTitle" ? null : <Needed missing={required.includes(name)} />}
        </>
      }
      hint={
        name === "seoTitle" ? (
          t(`admin.blog.hints.${name}`, { max: LIMITS[name] })
        ) : (
          <NeededHint>{t(`admin.blog.hints.${name}`, { max: LIMITS[name] })}</NeededHint>
        )
      }
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
            className="min-h-24"
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
    <section aria-labelledby="details-title" className="card space-y-6">
      <h2 id="details-title" className="section-title">
        {t("admin.blog.details")}
      </h2>
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
      <Field
        id="field-slug"
        label={t("admin.blog.fields.slug")}
        hint={t("admin.blog.hints.slug")}
        error={error("slug")}
      >
        {(aria) => (
          <div className="flex min-w-0 items-center gap-1 text-sm text-ink-600">
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
              className="min-w-0"
            />
          </div>
        )}
      </Field>
    </section>
  );
}
