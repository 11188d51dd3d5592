import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { PhotoField } from "./photo-field.tsx";

const LIMITS = { title: 200, subtitle: 80, body: 1_000 };

/** What came back with a refused post: the text as she typed it, shown again. */
export type SentValues = Partial<Record<string, string>>;

/** The Portuguese item a translation is made from, and whether it changed since. */
export interface SourceOfItem {
  id: number;
  title: string;
  outOfDate: boolean;
}

/** A text field's limit, and once she types, how much of it she has used. */
function useCount(initial: string | undefined) {
  const [count, setCount] = useState(initial?.length ?? 0);
  return {
    count,
    onInput: (event: { currentTarget: { value: string } }) =>
      setCount(event.currentTarget.value.length),
  };
}

/**
 * A FAQ item (question, answer) or a testimonial (quote, name, what she does, her photo), new
 * or edited. Multipart, so the photo travels with the text it belongs to. A translation names
 * its Portuguese source; out of date, it says so and can be marked current without an edit.
 */
export function HomeItemForm({
  kind,
  language,
  item,
  errors = {},
  values,
  sources = [],
}: {
  kind: "faq" | "testimonial";
  language: string;
  item?: {
    id: number;
    title: string;
    subtitle: string;
    body: string;
    source?: SourceOfItem | null;
  };
  errors?: FieldErrors;
  values?: SentValues;
  /** The Portuguese items it may translate: none on a Portuguese list. */
  sources?: { id: number; title: string }[];
}) {
  const { t } = useTranslation();
  const prefix = `${kind}-${item?.id ?? "new"}`;
  const error = (name: string) =>
    errors[name] ? t(errors[name], { max: LIMITS[name as keyof typeof LIMITS] }) : undefined;
  const value = (name: "title" | "subtitle" | "body") => values?.[name] ?? item?.[name];
  const labels =
    kind === "faq" ? { title: "question", body: "answer" } : { title: "name", body: "quote" };
  const counts = {
    title: useCount(value("title")),
    subtitle: useCount(value("subtitle")),
    body: useCount(value("body")),
  };
  const limit = (name: keyof typeof LIMITS) =>
    counts[name].count
      ? t("admin.content.limits.count", { count: counts[name].count, max: LIMITS[name] })
      : t("admin.content.limits.max", { max: LIMITS[name] });

  const body = (
    <Field
      id={`${prefix}-body`}
      label={t(`admin.content.fields.${labels.body}`)}
      hint={limit("body")}
      error={error("body")}
    >
      {(aria) => (
        <Textarea
          {...aria}
          name="body"
          defaultValue={value("body")}
          onInput={counts.body.onInput}
          maxLength={LIMITS.body}
          required
          rows={kind === "faq" ? 8 : 6}
          lang={language}
          className="min-h-40 leading-relaxed"
        />
      )}
    </Field>
  );
  const outOfDate = item?.source?.outOfDate ? item.source : null;
  // A refused save takes her to the first field it names (the message is beside it).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errors]);
  return (
    <div className="grid gap-5">
      {outOfDate ? <OutOfDateNotice id={item!.id} source={outOfDate} /> : null}
      <Form ref={form} method="post" encType="multipart/form-data" className="grid gap-5">
        <input type="hidden" name="intent" value={item ? "edit" : "add"} />
        {item ? <input type="hidden" name="id" value={item.id} /> : null}
        {kind === "testimonial" ? body : null}
        <Field
          id={`${prefix}-title`}
          label={t(`admin.content.fields.${labels.title}`)}
          hint={
            kind === "testimonial"
              ? `${t("admin.content.hints.name")} ${limit("title")}`
              : limit("title")
          }
          error={error("title")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="title"
              type="text"
              defaultValue={value("title")}
              onInput={counts.title.onInput}
              maxLength={LIMITS.title}
              required
              lang={language}
            />
          )}
        </Field>
        {kind === "faq" ? (
          body
        ) : (
          <>
            <Field
              id={`${prefix}-subtitle`}
              label={t("admin.content.fields.role")}
              hint={limit("subtitle")}
              error={error("subtitle")}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="subtitle"
                  type="text"
                  defaultValue={value("subtitle")}
                  onInput={counts.subtitle.onInput}
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
        {sources.length || item?.source ? (
          <SourceField
            id={`${prefix}-source`}
            sources={sources}
            chosen={values?.source ?? String(item?.source?.id ?? "")}
            error={error("source")}
          />
        ) : null}
        <div>
          <Button type="submit">{t(item ? "admin.content.save" : "admin.content.add")}</Button>
        </div>
      </Form>
    </div>
  );
}

/** A translation whose source changed since: why it is flagged, and "Mark as current". */
function OutOfDateNotice({ id, source }: { id: number; source: SourceOfItem }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-sand-50 p-4 text-sm text-ink-800 ring-1 ring-coral-300">
      <p className="flex items-start gap-2">
        <Icon name="rotate-ccw-clock" className="mt-0.5 size-4 shrink-0 text-coral-700" />
        <span>
          <strong className="font-semibold">{t("admin.content.translation.outOfDate")}.</strong>{" "}
          {t("admin.content.translation.explain", { title: source.title })}
        </span>
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="intent" value="markCurrent" variant="secondary" size="sm">
          <Icon name="check" /> {t("admin.content.translation.markCurrent")}
        </Button>
      </Form>
    </div>
  );
}

/** "Translation of": the Portuguese items of the list, or none. */
function SourceField({
  id,
  sources,
  chosen,
  error,
}: {
  id: string;
  sources: { id: number; title: string }[];
  chosen: string;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field
      id={id}
      label={t("admin.content.translation.label")}
      hint={t("admin.content.translation.hint")}
      error={error}
    >
      {(aria) => (
        <Select {...aria} name="source" defaultValue={chosen} className="w-full max-w-full">
          <option value="">{t("admin.content.translation.none")}</option>
          {sources.map((source) => (
            <option key={source.id} value={source.id} lang="pt">
              {source.title}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
