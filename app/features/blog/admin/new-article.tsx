import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { TranslationStart } from "./translation-start.tsx";

export interface NewArticleResult {
  errors: FieldErrors<"language" | "title" | "from" | "form">;
}

/**
 * A new article or a new translation: its language and its title (the address is made from
 * it, and can be changed before publishing); a translation may start as a copy of a language
 * the article has. Opens in place; works without JavaScript.
 */
export function NewArticle({
  result,
  defaultLanguage,
  languagesLeft = languages.map((l) => l.code),
  sources = [],
  floating = false,
  label,
  intent,
}: {
  result?: NewArticleResult;
  defaultLanguage: string;
  /** The languages it may be written in (a translation: those the article lacks). */
  languagesLeft?: readonly string[];
  /** The languages a translation may start from (those the article has). */
  sources?: readonly string[];
  /** Over the page below rather than pushing it down (beside the editor's language tabs). */
  floating?: boolean;
  label?: string;
  intent?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  const choices = languages.filter((l) => languagesLeft.includes(l.code));
  if (!choices.length) return null;
  return (
    <ConfirmDialog
      open={Boolean(result)}
      floating={floating}
      // Full width on a phone, so that the panel, aligned to its end, stays on the screen.
      className={floating ? "w-full sm:w-auto" : undefined}
      triggerClassName="btn btn-primary btn-md"
      trigger={
        <>
          <Icon name="plus" /> {label ?? t("admin.blog.new")}
        </>
      }
    >
      <Form method="post" className="grid w-72 max-w-full gap-4">
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <Field
          id="new-language"
          label={t("admin.blog.language")}
          error={errors.language && t(errors.language)}
        >
          {(aria) => (
            <Select
              {...aria}
              name="language"
              defaultValue={
                choices.some((c) => c.code === defaultLanguage) ? defaultLanguage : choices[0]!.code
              }
              className="w-full"
            >
              {choices.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {sources.length ? <TranslationStart sources={sources} error={errors.from} /> : null}
        <Field
          id="new-title"
          label={t("admin.blog.fields.title")}
          hint={sources.length ? t("admin.blog.hints.translationTitle") : undefined}
          error={errors.title && t(errors.title)}
        >
          {(aria) => (
            // A copy may keep the source's title: then only the server can say one is missing.
            <Input {...aria} name="title" type="text" required={!sources.length} maxLength={160} />
          )}
        </Field>
        {errors.form ? (
          <p className="text-sm font-medium text-coral-700">{t(errors.form)}</p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t("admin.blog.create")}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
