import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { languages, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { MailTemplateKind } from "#app/mail/kinds.ts";
import type { TemplateEditorData } from "#app/mail/templates-admin.server.ts";
import type { RenderedMail } from "#app/mail/templates.server.ts";
import { answerTo, Outcome } from "./outcome.tsx";
import type { EmailResult } from "./result.ts";

/** The template being edited, in one language: its text as stored or built in. */
export interface EditorView extends TemplateEditorData {
  key: string;
  kind: MailTemplateKind;
  reasonId: number | null;
  language: Language;
}

const templateIntents = ["template-save", "template-preview", "template-reset"] as const;

/**
 * The editor of one template in one language, beside its preview: the saved text with sample
 * values, or the draft she asked to preview.
 */
export function TemplateEditor({
  editor,
  name,
  preview,
  result,
}: {
  editor: EditorView;
  /** The template's name (templateName). */
  name: string;
  preview: RenderedMail;
  result?: EmailResult;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const mine = answerTo(result, templateIntents);
  const draft = mine?.draft;
  const errors = mine?.errors ?? {};
  const error = (field: string) => (errors[field] ? t(errors[field], mine?.params) : undefined);
  const languageName = languages.find((l) => l.code === editor.language)?.name ?? editor.language;
  return (
    <div id="editor" className="mt-6 grid gap-6 xl:grid-cols-2">
      <Form
        method="post"
        className="min-w-0 space-y-4"
        key={`${editor.key}|${editor.language}|${editor.subject}|${editor.body}`}
        noValidate
      >
        <h3 className="font-semibold text-ink-900">
          {name} · {languageName}
        </h3>
        <p className="text-sm text-ink-600">
          {editor.overridden
            ? t("admin.email.templates.usingEdited")
            : t("admin.email.templates.usingBuiltIn")}
        </p>
        <input type="hidden" name="template" value={editor.key} />
        <input type="hidden" name="language" value={editor.language} />
        <Field
          id="template-subject"
          label={t("admin.email.templates.subject")}
          error={error("subject")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="subject"
              defaultValue={draft?.subject ?? editor.subject}
              maxLength={200}
            />
          )}
        </Field>
        <Field
          id="template-body"
          label={t("admin.email.templates.body")}
          hint={<PlaceholderHint placeholders={editor.placeholders} />}
          error={error("body")}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="body"
              defaultValue={draft?.body ?? editor.body}
              className="min-h-72 font-mono text-sm"
              maxLength={10000}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="template-save" disabled={busy}>
            {t("admin.email.templates.save")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="template-preview"
            variant="secondary"
            disabled={busy}
          >
            {t("admin.email.templates.preview")}
          </Button>
          {editor.overridden ? (
            <Button
              type="submit"
              name="intent"
              value="template-reset"
              variant="ghost"
              disabled={busy}
            >
              {t("admin.email.templates.reset")}
            </Button>
          ) : null}
        </div>
        <Outcome result={result} intents={["template-save", "template-reset"]} />
      </Form>
      <TemplatePreview mail={mine?.preview ?? preview} draft={Boolean(mine?.preview)} />
    </div>
  );
}

/** The placeholders this template knows, and how the body's paragraphs become the mail. */
function PlaceholderHint({ placeholders }: { placeholders: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {t("admin.email.templates.placeholders")}{" "}
      {placeholders.map((name) => (
        <code
          key={name}
          className="me-1 rounded bg-sand-100 px-1.5 py-0.5 font-mono text-xs text-ink-900"
        >{`{{${name}}}`}</code>
      ))}
      <span className="mt-1 block">
        {t("admin.email.templates.rules", { link: "{{link}}", note: "{{note}}" })}
      </span>
    </>
  );
}

/**
 * The mail as it would go out, in its own document: a sandboxed frame, so nothing in it runs
 * or reaches the page. (Chromium paints such a frame only once it has been near the viewport:
 * a full-page screenshot of a page never scrolled shows it empty; the document is there.)
 */
function TemplatePreview({ mail, draft }: { mail: RenderedMail; draft: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0" aria-live="polite">
      <h3 className="font-semibold text-ink-900">
        {draft ? t("admin.email.templates.previewDraft") : t("admin.email.templates.previewSaved")}
      </h3>
      <p className="mt-2 text-sm text-ink-600">
        <span className="font-semibold text-ink-800">{t("admin.email.templates.subject")}:</span>{" "}
        <span data-testid="preview-subject">{mail.subject}</span>
      </p>
      <iframe
        title={t("admin.email.templates.previewFrame")}
        srcDoc={mail.html}
        sandbox=""
        className="mt-3 h-[28rem] w-full rounded-xl bg-sand-50 ring-1 ring-ink-200"
      />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">
          {t("admin.email.templates.textVersion")}
        </summary>
        <pre className="mt-2 overflow-x-auto rounded-xl bg-sand-50 p-3 text-xs whitespace-pre-wrap text-ink-800">
          {mail.text}
        </pre>
      </details>
    </div>
  );
}
