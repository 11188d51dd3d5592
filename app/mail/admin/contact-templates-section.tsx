import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import {
  contactChannels,
  contactPurposes,
  CONTACT_BODY_MAX,
  CONTACT_SUBJECT_MAX,
  CONTACT_WHATSAPP_MAX,
  isButtonParagraph,
  paragraphsOf,
  previewFill,
  purposeVariables,
  unknownVariables,
  type ContactChannel,
  type ContactPurpose,
  type ContactValues,
} from "#app/mail/contact-purposes.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { answerTo, Outcome } from "./outcome.tsx";
import type { EmailResult } from "./result.ts";

/** The contact template being edited: one purpose, channel and language, as stored or built in. */
export interface ContactEditorView {
  purpose: ContactPurpose;
  channel: ContactChannel;
  language: Language;
  subject: string;
  body: string;
  overridden: boolean;
  /** The preview's sample values in the language edited (the call's time in it). */
  sample: Required<ContactValues>;
  /** The label of the button a mail's {{booking_link}} paragraph becomes. */
  buttonLabel: string;
}

const intents = ["contact-save", "contact-preview", "contact-reset"] as const;

/**
 * /admin/email/contact: every contact template by purpose, channel and language (built in or
 * edited), and the editor of the one picked beside a preview with sample values that follows
 * the text as it is typed (and, without JavaScript, as the Preview button sends it).
 */
export function ContactTemplatesSection({
  editor,
  edited,
  result,
}: {
  editor: ContactEditorView;
  /** The edited templates, as "purpose|channel|language". */
  edited: readonly string[];
  result?: EmailResult;
}) {
  const { t } = useTranslation();
  return (
    <Section
      id="contact-templates"
      anchor="contact-templates"
      title={t("contactTemplates.heading")}
      description={t("contactTemplates.intro")}
    >
      <TemplateTable editor={editor} edited={edited} />
      <Editor
        // A new template (or a saved text) starts the editor again from what is stored.
        key={`${editor.purpose}|${editor.channel}|${editor.language}|${editor.subject}|${editor.body}`}
        editor={editor}
        result={result}
      />
    </Section>
  );
}

function TemplateTable({
  editor,
  edited,
}: {
  editor: ContactEditorView;
  edited: readonly string[];
}) {
  const { t } = useTranslation();
  const own = new Set(edited);
  return (
    <Table caption={t("contactTemplates.tableCaption")} density="compact" className="mt-4">
      <thead>
        <tr>
          <Th>{t("contactTemplates.purpose")}</Th>
          <Th>{t("contactTemplates.channel")}</Th>
          {languages.map((language) => (
            <Th key={language.code}>
              <abbr title={language.name} className="no-underline">
                {language.code.toUpperCase()}
              </abbr>
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {contactPurposes.flatMap((purpose) =>
          contactChannels.map((channel, index) => {
            const name = t(`contactTemplates.purposes.${purpose}.label`);
            const channelName = t(`contactTemplates.channels.${channel}`);
            return (
              <tr key={`${purpose}|${channel}`}>
                {index === 0 ? (
                  <Th row rowSpan={contactChannels.length}>
                    {name}
                  </Th>
                ) : null}
                <Td>{channelName}</Td>
                {languages.map((language) => {
                  const mine = own.has(`${purpose}|${channel}|${language.code}`);
                  const state = t(mine ? "contactTemplates.edited" : "contactTemplates.builtIn");
                  const current =
                    purpose === editor.purpose &&
                    channel === editor.channel &&
                    language.code === editor.language;
                  return (
                    <Td key={language.code}>
                      <Link
                        to={`?purpose=${purpose}&channel=${channel}&language=${language.code}#contact-editor`}
                        preventScrollReset
                        aria-current={current ? "true" : undefined}
                        aria-label={`${name}, ${channelName}, ${language.name}: ${state}`}
                        className={cn(
                          "inline-flex min-h-8 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
                          mine
                            ? "bg-brand-50 text-brand-800 ring-brand-200"
                            : "bg-white text-ink-700 ring-ink-200",
                          current && "outline-2 outline-offset-2 outline-brand-600",
                        )}
                      >
                        {state}
                      </Link>
                    </Td>
                  );
                })}
              </tr>
            );
          }),
        )}
      </tbody>
    </Table>
  );
}

function Editor({ editor, result }: { editor: ContactEditorView; result?: EmailResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const mine = answerTo(result, intents);
  const [subject, setSubject] = useState(mine?.draft?.subject ?? editor.subject);
  const [body, setBody] = useState(mine?.draft?.body ?? editor.body);
  const errors = mine?.errors ?? {};
  const error = (field: string) => (errors[field] ? t(errors[field], mine?.params) : undefined);
  const email = editor.channel === "email";
  const languageName = languages.find((l) => l.code === editor.language)?.name ?? editor.language;
  const purposeName = t(`contactTemplates.purposes.${editor.purpose}.label`);
  const variables = purposeVariables[editor.purpose];
  // Named as it is typed; the server refuses it on save all the same.
  const unknown = unknownVariables(editor.purpose, `${email ? subject : ""}\n${body}`);
  const liveError = unknown.length
    ? t("contactTemplates.errors.placeholder", {
        placeholders: unknown.map((name) => `{{${name}}}`).join(", "),
      })
    : undefined;
  return (
    <div id="contact-editor" className="mt-6 grid gap-6 xl:grid-cols-2">
      <Form method="post" className="min-w-0 space-y-4" noValidate>
        <h3 className="font-semibold text-ink-900">
          {purposeName} · {t(`contactTemplates.channels.${editor.channel}`)} · {languageName}
        </h3>
        <p className="text-sm text-ink-600">
          {t(`contactTemplates.purposes.${editor.purpose}.when`)}{" "}
          {t(editor.overridden ? "contactTemplates.usingEdited" : "contactTemplates.usingBuiltIn")}
        </p>
        <input type="hidden" name="purpose" value={editor.purpose} />
        <input type="hidden" name="channel" value={editor.channel} />
        <input type="hidden" name="language" value={editor.language} />
        {email ? (
          <Field
            id="contact-subject"
            label={t("contactTemplates.subject")}
            error={error("subject")}
          >
            {(aria) => (
              <Input
                {...aria}
                name="subject"
                value={subject}
                onChange={(event) => setSubject(event.target.value)}
                maxLength={CONTACT_SUBJECT_MAX}
              />
            )}
          </Field>
        ) : (
          <input type="hidden" name="subject" value="" />
        )}
        <Field
          id="contact-body"
          label={t("contactTemplates.body")}
          hint={t(email ? "contactTemplates.emailRules" : "contactTemplates.whatsappRules", {
            token: "{{booking_link}}",
          })}
          error={error("body") ?? liveError}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="body"
              value={body}
              onChange={(event) => setBody(event.target.value)}
              className={cn("text-sm", email ? "min-h-72 font-mono" : "min-h-40")}
              maxLength={email ? CONTACT_BODY_MAX : CONTACT_WHATSAPP_MAX}
            />
          )}
        </Field>
        <div className="text-sm">
          <h4 className="font-semibold text-ink-800">{t("contactTemplates.variables")}</h4>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {variables.map((name) => (
              <div key={name} className="contents">
                <dt>
                  <code className="rounded bg-sand-100 px-1.5 py-0.5 font-mono text-xs text-ink-900">{`{{${name}}}`}</code>
                </dt>
                <dd className="text-ink-600">{t(`contactTemplates.variableNames.${name}`)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-ink-600">{t("contactTemplates.missingRule")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="contact-save" disabled={busy}>
            {t("contactTemplates.save")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="contact-preview"
            variant="secondary"
            disabled={busy}
          >
            {t("contactTemplates.previewButton")}
          </Button>
          {editor.overridden ? (
            <Button
              type="submit"
              name="intent"
              value="contact-reset"
              variant="ghost"
              disabled={busy}
            >
              {t("contactTemplates.reset")}
            </Button>
          ) : null}
        </div>
        <Outcome result={result} intents={["contact-save", "contact-reset"]} />
      </Form>
      <Preview editor={editor} subject={subject} body={body} />
    </div>
  );
}

/** The text being written, filled with the sample values, as she would read it. */
function Preview({
  editor,
  subject,
  body,
}: {
  editor: ContactEditorView;
  subject: string;
  body: string;
}) {
  const { t } = useTranslation();
  const saved = subject === editor.subject && body === editor.body;
  const fill = (text: string) => previewFill(text, editor.purpose, editor.sample);
  return (
    <div className="min-w-0">
      <h3 className="font-semibold text-ink-900">
        {t(saved ? "contactTemplates.preview" : "contactTemplates.previewDraft")}
      </h3>
      <p className="mt-1 text-sm text-ink-600">
        {t("contactTemplates.sample", {
          name: editor.sample.name,
          manager: editor.sample.manager,
          callTime: editor.sample.call_time,
        })}
      </p>
      {editor.channel === "whatsapp" ? (
        <>
          <p
            data-testid="contact-preview"
            className="mt-3 max-w-md rounded-2xl rounded-ss-sm bg-brand-50 p-4 text-sm whitespace-pre-wrap text-ink-900 ring-1 ring-brand-200"
          >
            {fill(body.trim())}
          </p>
        </>
      ) : (
        <div
          data-testid="contact-preview"
          className="mt-3 rounded-xl bg-sand-50 p-5 text-sm text-ink-800 ring-1 ring-ink-200"
        >
          <p className="border-b border-ink-200 pb-3">
            {t("contactTemplates.subjectLine", { subject: fill(subject.trim()) })}
          </p>
          <div className="mt-3 space-y-3">
            {paragraphsOf(body).map((paragraph, index) =>
              isButtonParagraph(paragraph) ? (
                <p key={index}>
                  <span className="inline-flex min-h-10 items-center rounded-full bg-brand-700 px-5 font-semibold text-white">
                    {editor.buttonLabel}
                  </span>
                </p>
              ) : (
                <p key={index} className="whitespace-pre-line">
                  {fill(paragraph)}
                </p>
              ),
            )}
          </div>
        </div>
      )}
    </div>
  );
}
