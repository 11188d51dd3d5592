import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Textarea } from "#app/components/ui/field.tsx";
import { languages, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { answerTo, Outcome } from "./outcome.tsx";
import type { EmailResult } from "./result.ts";

/** The WhatsApp message being edited, in one language: as stored or built in. */
export interface WhatsappEditorView {
  language: Language;
  body: string;
  overridden: boolean;
  /** The saved text with a sample name, and the link the button would open. */
  preview: { text: string; link: string };
}

const intents = ["whatsapp-save", "whatsapp-preview", "whatsapp-reset"] as const;
const KEY = "whatsapp";

/**
 * The message the application page's WhatsApp button types in, per language, beside the mail
 * templates: which languages have the admin's wording, the editor of one, and its preview.
 */
export function WhatsappSection({
  editor,
  overridden,
  result,
}: {
  editor: WhatsappEditorView;
  /** The templates with an admin's wording, as "key|language". */
  overridden: readonly string[];
  result?: EmailResult;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const mine = answerTo(result, intents);
  const error = mine?.errors?.body ? t(mine.errors.body, mine.params) : undefined;
  const preview = mine?.whatsappPreview ?? editor.preview;
  const languageName = languages.find((l) => l.code === editor.language)?.name;
  return (
    <Section
      id="whatsapp"
      anchor="whatsapp"
      title={t("admin.email.whatsapp.heading")}
      description={t("admin.email.whatsapp.intro")}
    >
      <ul
        aria-label={t("admin.email.whatsapp.languages")}
        className="mt-4 flex flex-wrap gap-2 text-xs font-semibold"
      >
        {languages.map((language) => {
          const own = overridden.includes(`${KEY}|${language.code}`);
          const state = t(own ? "admin.email.templates.edited" : "admin.email.templates.builtIn");
          const current = language.code === editor.language;
          return (
            <li key={language.code}>
              <Link
                to={`?whatsapp=${language.code}#whatsapp`}
                preventScrollReset
                aria-current={current ? "true" : undefined}
                className={cn(
                  "inline-flex min-h-8 items-center gap-1 rounded-full px-3 ring-1 ring-inset",
                  own
                    ? "bg-brand-50 text-brand-800 ring-brand-200"
                    : "bg-white text-ink-700 ring-ink-200",
                  current && "outline-2 outline-offset-2 outline-brand-600",
                )}
              >
                {language.name}: {state}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Form
          method="post"
          className="min-w-0 space-y-4"
          key={`${editor.language}|${editor.body}`}
          noValidate
        >
          <h3 className="font-semibold text-ink-900">
            {t("admin.email.whatsapp.row")} · {languageName}
          </h3>
          <p className="text-sm text-ink-600">
            {t(
              editor.overridden
                ? "admin.email.whatsapp.usingEdited"
                : "admin.email.whatsapp.usingBuiltIn",
            )}
          </p>
          <input type="hidden" name="language" value={editor.language} />
          <Field
            id="whatsapp-body"
            label={t("admin.email.whatsapp.body")}
            hint={t("admin.email.whatsapp.hint", { token: "{{name}}" })}
            error={error}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="body"
                defaultValue={mine?.draft?.body ?? editor.body}
                className="min-h-40 text-sm"
                maxLength={1000}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="whatsapp-save" disabled={busy}>
              {t("admin.email.whatsapp.save")}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="whatsapp-preview"
              variant="secondary"
              disabled={busy}
            >
              {t("admin.email.whatsapp.preview")}
            </Button>
            {editor.overridden ? (
              <Button
                type="submit"
                name="intent"
                value="whatsapp-reset"
                variant="ghost"
                disabled={busy}
              >
                {t("admin.email.whatsapp.reset")}
              </Button>
            ) : null}
          </div>
          <Outcome result={result} intents={["whatsapp-save", "whatsapp-reset"]} />
        </Form>
        <div className="min-w-0" aria-live="polite">
          <h3 className="font-semibold text-ink-900">
            {t(
              mine?.whatsappPreview
                ? "admin.email.whatsapp.previewDraft"
                : "admin.email.whatsapp.previewSaved",
            )}
          </h3>
          <p
            data-testid="whatsapp-preview"
            className="mt-3 max-w-md rounded-2xl rounded-ss-sm bg-brand-50 p-4 text-sm whitespace-pre-wrap text-ink-900 ring-1 ring-brand-200"
          >
            {preview.text}
          </p>
          <p className="mt-3 text-sm text-ink-600">{t("admin.email.whatsapp.link")}</p>
          <code className="mt-1 block rounded-xl bg-sand-50 p-3 font-mono text-xs break-all text-ink-800">
            {preview.link}
          </code>
        </div>
      </div>
    </Section>
  );
}
