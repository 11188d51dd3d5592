import { data, Form, Link, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { formatWhen } from "#app/features/submissions/status-badge.tsx";
import {
  isMailStatus,
  latestMessages,
  outboxCounts,
  retryMessage,
  type MailStatus,
} from "#app/mail/outbox-admin.server.ts";
import {
  addRejectionReason,
  listRejectionReasons,
  moveRejectionReason,
  reasonLabelSchema,
  renameRejectionReason,
  setRejectionReasonActive,
} from "#app/mail/rejection-reasons.server.ts";
import {
  fieldErrors,
  saveSmtpSettings,
  sendTestMail,
  smtpSettingsSchema,
  smtpView,
  testMailSchema,
} from "#app/mail/smtp-admin.server.ts";
import {
  checkPlaceholders,
  overriddenTemplates,
  parseTemplateKey,
  previewTemplate,
  previewValues,
  resetTemplate,
  saveTemplate,
  templateExists,
  templateForEditor,
  templateTextSchema,
  type TemplateRef,
} from "#app/mail/templates-admin.server.ts";
import { defaultLanguage, languages, normalizeLanguage } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { mailTemplateKinds, outboxStatuses, smtpSecurities } from "#app/mail/kinds.ts";
import { cn } from "#app/utils/cn.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/email";

/** The template and language the editor shows (?template=…&language=…). */
function editorOf(url: URL) {
  const ref =
    parseTemplateKey(url.searchParams.get("template")) ?? parseTemplateKey("confirmation")!;
  const language = normalizeLanguage(url.searchParams.get("language")) ?? defaultLanguage;
  return { ref, language };
}

const idOf = (value: FormDataEntryValue | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** /admin/email (admin only): SMTP and sender, test mail, templates, rejection reasons, outbox. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireScreen(request, "adminEmail");
  const url = new URL(request.url);
  const db = await getDatabase();
  const { t, origin, strings } = pageContext(request);
  const editorRef = editorOf(url);
  const language = editorRef.language;
  let ref = editorRef.ref;
  if (!(await templateExists(db, ref))) ref = parseTemplateKey("confirmation")!;
  const status = url.searchParams.get("status");
  const filter: MailStatus | undefined = isMailStatus(status) ? status : undefined;
  const before = idOf(url.searchParams.get("before")) ?? undefined;
  const [smtp, reasons, overridden, editor, counts, outbox] = await Promise.all([
    smtpView(db, admin.email),
    listRejectionReasons(db),
    overriddenTemplates(db),
    templateForEditor(db, ref, language),
    outboxCounts(db),
    latestMessages(db, { status: filter, before }),
  ]);
  const preview = previewTemplate(
    ref,
    language,
    editor,
    previewValues(ref.kind, origin, t("admin.email.templates.sampleNote")),
  );
  return {
    strings: strings("admin-email"),
    title: pageTitle(t("admin.email.title")),
    smtp,
    reasons,
    overridden: [...overridden],
    editor: { key: ref.key, kind: ref.kind, reasonId: ref.reasonId, language, ...editor },
    preview,
    outbox: { counts, filter: filter ?? null, ...outbox },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Errors = Partial<Record<string, string>>;
type Result = {
  intent: string;
  ok?: boolean;
  /** A message key for the whole form (a notice when ok, an error otherwise). */
  message?: string;
  params?: Record<string, string>;
  errors?: Errors;
  /** The text of the template editor as sent (a preview, or a save that failed). */
  draft?: { subject: string; body: string };
  preview?: { subject: string; html: string; text: string };
};

const fail = (result: Result, status = 400) => data<Result>({ ...result, ok: false }, status);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  if (isCrossSiteRequest(request)) {
    return fail({ intent: "", message: "validation.crossSite" }, 403);
  }
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const db = await getDatabase();
  const actor = { id: admin.id, ip: clientIp(request) };
  const { language: adminLanguage, t, origin } = pageContext(request);
  const text = (name: string) => String(form.get(name) ?? "");

  switch (intent) {
    case "smtp": {
      const view = await smtpView(db);
      // With SMTP_URL the server fields are read-only (and not sent): keep the stored ones.
      const envWins = view.source === "env";
      const parsed = smtpSettingsSchema.safeParse({
        host: envWins ? view.host : text("host"),
        port: envWins ? String(view.port) : text("port"),
        security: envWins ? view.security : text("security"),
        user: envWins ? view.user : text("user"),
        password: envWins ? "" : text("password"),
        removePassword: !envWins && form.get("removePassword") === "on",
        senderName: text("senderName"),
        senderAddress: text("senderAddress").trim(),
      });
      if (!parsed.success) return fail({ intent, errors: fieldErrors(parsed.error) });
      const saved = await saveSmtpSettings(db, parsed.data, actor);
      return data<Result>({
        intent,
        ok: true,
        // A stored password does not follow the settings to another server: she is told so.
        message:
          saved.password === "cleared"
            ? "admin.email.smtp.savedPasswordCleared"
            : "admin.email.smtp.saved",
      });
    }
    case "test": {
      const parsed = testMailSchema.safeParse({ to: text("to").trim() });
      if (!parsed.success) return fail({ intent, errors: fieldErrors(parsed.error) });
      const result = await sendTestMail(db, parsed.data.to, adminLanguage, actor);
      return result.ok
        ? data<Result>({
            intent,
            ok: true,
            message: "admin.email.test.sent",
            params: { to: parsed.data.to },
          })
        : fail(
            {
              intent,
              message: "admin.email.test.failed",
              params: { error: result.error ?? "" },
            },
            502,
          );
    }
    case "template-save":
    case "template-preview":
    case "template-reset": {
      const ref = parseTemplateKey(form.get("template"));
      const language = normalizeLanguage(text("language"));
      if (!ref || !language || !(await templateExists(db, ref))) {
        return fail({ intent, message: "admin.email.errors.notFound" }, 404);
      }
      if (intent === "template-reset") {
        await resetTemplate(db, ref, language, actor);
        return data<Result>({ intent, ok: true, message: "admin.email.templates.resetDone" });
      }
      const draft = { subject: text("subject"), body: text("body") };
      const parsed = templateTextSchema.safeParse(draft);
      if (!parsed.success) return fail({ intent, draft, errors: fieldErrors(parsed.error) });
      const problem = checkPlaceholders(ref.kind, parsed.data);
      if (problem) {
        return fail({
          intent,
          draft,
          errors: { [problem.field]: problem.error },
          params: { ...problem.params, token: problemToken(problem.error) },
        });
      }
      if (intent === "template-preview") {
        const sample = previewValues(ref.kind, origin, t("admin.email.templates.sampleNote"));
        return data<Result>({
          intent,
          ok: true,
          draft,
          preview: previewTemplate(ref, language, parsed.data, sample),
        });
      }
      await saveTemplate(db, ref, language, parsed.data, actor);
      return data<Result>({ intent, ok: true, message: "admin.email.templates.saved" });
    }
    case "reason-add":
    case "reason-rename": {
      const parsed = reasonLabelSchema.safeParse({ label: text("label") });
      if (!parsed.success) return fail({ intent, errors: fieldErrors(parsed.error) });
      if (intent === "reason-add") {
        await addRejectionReason(db, parsed.data.label, actor);
        return data<Result>({ intent, ok: true, message: "admin.email.reasons.added" });
      }
      const id = idOf(form.get("id"));
      if (!id || !(await renameRejectionReason(db, id, parsed.data.label, actor))) {
        return fail({ intent, message: "admin.email.errors.notFound" }, 404);
      }
      return data<Result>({ intent, ok: true, message: "admin.email.reasons.renamed" });
    }
    case "reason-active":
    case "reason-move": {
      const id = idOf(form.get("id"));
      const value = text("value");
      const done =
        id !== null &&
        (intent === "reason-active"
          ? (value === "on" || value === "off") &&
            (await setRejectionReasonActive(db, id, value === "on", actor))
          : (value === "up" || value === "down") &&
            (await moveRejectionReason(db, id, value, actor)));
      if (!done) return fail({ intent, message: "admin.email.errors.notFound" }, 404);
      return data<Result>({ intent, ok: true, message: "admin.email.reasons.updated" });
    }
    case "retry": {
      const id = idOf(form.get("id"));
      if (!id || !(await retryMessage(db, id, actor))) {
        return fail({ intent, message: "admin.email.errors.notFailed" }, 409);
      }
      return data<Result>({
        intent,
        ok: true,
        message: "admin.email.outbox.retried",
        params: { id: String(id) },
      });
    }
    default:
      return fail({ intent, message: "admin.email.errors.invalid" });
  }
}

/** The placeholder an error message names, passed as a value so no locale string holds one. */
function problemToken(error: string) {
  return error === "admin.email.errors.linkRequired" ? "{{link}}" : "{{name}}";
}

const card = "rounded-2xl bg-white p-5 ring-1 ring-ink-200/70";
const select =
  "block w-full rounded-xl border-0 bg-white px-4 py-3 text-base text-ink-950 shadow-xs ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-ink-100/60";

/** A form's answer, read out by screen readers (aria-live), in the form it belongs to. */
function Outcome({ result, intents }: { result?: Result; intents: string[] }) {
  const { t } = useTranslation();
  const shown = result && intents.includes(result.intent) && result.message ? result : null;
  return (
    <div aria-live="polite" className="empty:hidden">
      {shown ? (
        <div className="mt-4">
          <FormMessage tone={shown.ok ? "notice" : "error"}>
            {t(shown.message!, shown.params)}
          </FormMessage>
        </div>
      ) : null}
    </div>
  );
}

export default function AdminEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.email.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-600">{t("admin.email.intro")}</p>
      <nav aria-label={t("admin.email.sections")} className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          {(["smtp", "templates", "reasons", "outbox"] as const).map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 underline-offset-2 hover:underline">
                {t(`admin.email.${id}.heading`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <SmtpSection smtp={loaderData.smtp} result={actionData} />
        <TestSection smtp={loaderData.smtp} result={actionData} />
      </div>
      <TemplatesSection data={loaderData} result={actionData} />
      <ReasonsSection reasons={loaderData.reasons} result={actionData} />
      <OutboxSection outbox={loaderData.outbox} result={actionData} />
    </>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function SmtpSection({ smtp, result }: { smtp: LoaderData["smtp"]; result?: Result }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const readOnly = smtp.source === "env";
  const errors = result?.intent === "smtp" ? (result.errors ?? {}) : {};
  const error = (name: string) => (errors[name] ? t(errors[name]!) : undefined);
  return (
    <section id="smtp" aria-labelledby="smtp-title" className={card}>
      <h2 id="smtp-title" className="text-lg font-semibold">
        {t("admin.email.smtp.heading")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        {readOnly
          ? t("admin.email.smtp.envWins", { server: smtp.envServer ?? "SMTP_URL" })
          : smtp.source === "settings"
            ? t("admin.email.smtp.fromSettings")
            : t("admin.email.smtp.notConfigured")}
      </p>
      {/* A fresh form after each save: the password field is empty again. */}
      <Form method="post" className="mt-4 space-y-4" key={smtp.savedAt ?? "new"} noValidate>
        <input type="hidden" name="intent" value="smtp" />
        <fieldset disabled={readOnly} className="space-y-4">
          <legend className="sr-only">{t("admin.email.smtp.server")}</legend>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
            <Field id="smtp-host" label={t("admin.email.smtp.host")} error={error("host")}>
              {(aria) => (
                <Input
                  {...aria}
                  name="host"
                  defaultValue={smtp.host}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="smtp.example.com"
                  readOnly={readOnly}
                />
              )}
            </Field>
            <Field id="smtp-port" label={t("admin.email.smtp.port")} error={error("port")}>
              {(aria) => (
                <Input
                  {...aria}
                  name="port"
                  inputMode="numeric"
                  defaultValue={String(smtp.port)}
                  readOnly={readOnly}
                />
              )}
            </Field>
          </div>
          <Field
            id="smtp-security"
            label={t("admin.email.smtp.security")}
            error={error("security")}
          >
            {(aria) => (
              <select {...aria} name="security" defaultValue={smtp.security} className={select}>
                {smtpSecurities.map((value) => (
                  <option key={value} value={value}>
                    {t(`admin.email.smtp.securities.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="smtp-user" label={t("admin.email.smtp.user")} error={error("user")}>
            {(aria) => (
              <Input
                {...aria}
                name="user"
                defaultValue={smtp.user}
                autoComplete="off"
                spellCheck={false}
                readOnly={readOnly}
              />
            )}
          </Field>
          <Field
            id="smtp-password"
            label={t("admin.email.smtp.password")}
            hint={
              smtp.passwordSet
                ? `${t("admin.email.smtp.passwordSet")} ${t("admin.email.smtp.passwordAgain")}`
                : t("admin.email.smtp.passwordNotSet")
            }
            error={error("password")}
          >
            {(aria) => (
              <Input
                {...aria}
                type="password"
                name="password"
                autoComplete="new-password"
                readOnly={readOnly}
              />
            )}
          </Field>
          {smtp.passwordSet ? (
            <label className="flex items-center gap-2 text-sm text-ink-800">
              <input
                type="checkbox"
                name="removePassword"
                className="size-4 rounded accent-brand-700"
              />
              {t("admin.email.smtp.removePassword")}
            </label>
          ) : null}
        </fieldset>
        <Field
          id="smtp-sender-name"
          label={t("admin.email.smtp.senderName")}
          hint={t("admin.email.smtp.whenEmpty", { value: smtp.defaults.senderName })}
          error={error("senderName")}
        >
          {(aria) => <Input {...aria} name="senderName" defaultValue={smtp.senderName} />}
        </Field>
        <Field
          id="smtp-sender-address"
          label={t("admin.email.smtp.senderAddress")}
          hint={t("admin.email.smtp.whenEmpty", { value: smtp.defaults.senderAddress })}
          error={error("senderAddress")}
        >
          {(aria) => (
            <Input
              {...aria}
              type="email"
              name="senderAddress"
              defaultValue={smtp.senderAddress}
              spellCheck={false}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {t("admin.email.smtp.save")}
        </Button>
      </Form>
      <Outcome result={result} intents={["smtp"]} />
    </section>
  );
}

function TestSection({ smtp, result }: { smtp: LoaderData["smtp"]; result?: Result }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = result?.intent === "test" ? (result.errors ?? {}) : {};
  const last = smtp.lastTest;
  return (
    <section aria-labelledby="test-title" className={cn(card, "self-start")}>
      <h2 id="test-title" className="text-lg font-semibold">
        {t("admin.email.test.heading")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        {last
          ? t("admin.email.test.last", {
              when: formatWhen(last.at, i18n.language),
              result: last.ok ? t("admin.email.test.lastOk") : t("admin.email.test.lastFailed"),
            })
          : t("admin.email.test.never")}
      </p>
      {last && !last.ok && last.error ? (
        <p className="mt-1 text-sm break-words text-coral-700">{last.error}</p>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="test" />
        <Field
          id="test-to"
          label={t("admin.email.test.to")}
          error={errors.to ? t(errors.to) : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              type="email"
              name="to"
              defaultValue={smtp.adminEmail}
              spellCheck={false}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          {t("admin.email.test.send")}
        </Button>
      </Form>
      <Outcome result={result} intents={["test"]} />
    </section>
  );
}

function templateName(
  t: (key: string, values?: Record<string, unknown>) => string,
  key: string,
  reasons: LoaderData["reasons"],
) {
  const ref = parseClientKey(key);
  if (ref.reasonId === null) return t(`admin.email.kinds.${ref.kind}`);
  const reason = reasons.find((r) => r.id === ref.reasonId);
  return t("admin.email.kinds.reason", { label: reason?.label ?? `#${ref.reasonId}` });
}

/** The browser's reading of a template key (the server checks it with parseTemplateKey). */
function parseClientKey(key: string): Pick<TemplateRef, "kind" | "reasonId"> {
  const [kind, id] = key.split(":");
  return {
    kind: (kind ?? "confirmation") as TemplateRef["kind"],
    reasonId: id ? Number(id) : null,
  };
}

function TemplatesSection({ data, result }: { data: LoaderData; result?: Result }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { editor } = data;
  const overridden = new Set(data.overridden);
  const keys = [...mailTemplateKinds, ...data.reasons.map((reason) => `rejected:${reason.id}`)];
  const mine = result?.intent.startsWith("template-") ? result : undefined;
  const draft = mine?.draft;
  const preview = mine?.preview ?? data.preview;
  const errors = mine?.errors ?? {};
  const error = (name: string) =>
    errors[name] ? t(errors[name]!, mine?.params as Record<string, unknown>) : undefined;
  const languageName = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  const editorName = templateName(t, editor.key, data.reasons);
  return (
    <section id="templates" aria-labelledby="templates-title" className={cn(card, "mt-8")}>
      <h2 id="templates-title" className="text-lg font-semibold">
        {t("admin.email.templates.heading")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">{t("admin.email.templates.intro")}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("admin.email.templates.tableCaption")}</caption>
          <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("admin.email.templates.template")}
              </th>
              {languages.map((language) => (
                <th key={language.code} scope="col" className="px-2 py-2 font-semibold">
                  <abbr title={language.name} className="no-underline">
                    {language.code.toUpperCase()}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {keys.map((key) => (
              <tr key={key}>
                <th scope="row" className="px-3 py-2 font-medium text-ink-900">
                  {templateName(t, key, data.reasons)}
                </th>
                {languages.map((language) => {
                  const edited = overridden.has(`${key}|${language.code}`);
                  const current = key === editor.key && language.code === editor.language;
                  return (
                    <td key={language.code} className="px-2 py-2">
                      <Link
                        to={`?template=${encodeURIComponent(key)}&language=${language.code}#editor`}
                        preventScrollReset
                        aria-current={current ? "true" : undefined}
                        aria-label={`${templateName(t, key, data.reasons)}, ${language.name}: ${
                          edited
                            ? t("admin.email.templates.edited")
                            : t("admin.email.templates.builtIn")
                        }`}
                        className={cn(
                          "inline-flex min-h-8 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
                          edited
                            ? "bg-brand-50 text-brand-800 ring-brand-200"
                            : "bg-white text-ink-700 ring-ink-200",
                          current && "outline-2 outline-offset-2 outline-brand-600",
                        )}
                      >
                        {edited
                          ? t("admin.email.templates.edited")
                          : t("admin.email.templates.builtIn")}
                      </Link>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div id="editor" className="mt-6 grid gap-6 xl:grid-cols-2">
        <Form
          method="post"
          className="min-w-0 space-y-4"
          key={`${editor.key}|${editor.language}|${editor.subject}|${editor.body}`}
          noValidate
        >
          <h3 className="font-semibold text-ink-900">
            {editorName} · {languageName(editor.language)}
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
            hint={
              <>
                {t("admin.email.templates.placeholders")}{" "}
                {editor.placeholders.map((name) => (
                  <code
                    key={name}
                    className="me-1 rounded bg-sand-100 px-1.5 py-0.5 font-mono text-xs text-ink-900"
                  >{`{{${name}}}`}</code>
                ))}
                <span className="mt-1 block">
                  {t("admin.email.templates.rules", {
                    link: "{{link}}",
                    note: "{{note}}",
                  })}
                </span>
              </>
            }
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
        <div className="min-w-0" aria-live="polite">
          <h3 className="font-semibold text-ink-900">
            {mine?.preview
              ? t("admin.email.templates.previewDraft")
              : t("admin.email.templates.previewSaved")}
          </h3>
          <p className="mt-2 text-sm text-ink-600">
            <span className="font-semibold text-ink-800">
              {t("admin.email.templates.subject")}:
            </span>{" "}
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <iframe
            title={t("admin.email.templates.previewFrame")}
            srcDoc={preview.html}
            sandbox=""
            className="mt-3 h-[28rem] w-full rounded-xl bg-sand-50 ring-1 ring-ink-200"
          />
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-brand-700">
              {t("admin.email.templates.textVersion")}
            </summary>
            <pre className="mt-2 overflow-x-auto rounded-xl bg-sand-50 p-3 text-xs whitespace-pre-wrap text-ink-800">
              {preview.text}
            </pre>
          </details>
        </div>
      </div>
    </section>
  );
}

function ReasonsSection({ reasons, result }: { reasons: LoaderData["reasons"]; result?: Result }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = result?.intent.startsWith("reason-") ? (result.errors ?? {}) : {};
  return (
    <section id="reasons" aria-labelledby="reasons-title" className={cn(card, "mt-8")}>
      <h2 id="reasons-title" className="text-lg font-semibold">
        {t("admin.email.reasons.heading")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">{t("admin.email.reasons.intro")}</p>
      {reasons.length ? (
        <ol className="mt-4 divide-y divide-ink-100">
          {reasons.map((reason, index) => (
            <li key={reason.id} className="flex flex-wrap items-end gap-2 py-3">
              <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="reason-rename" />
                <input type="hidden" name="id" value={reason.id} />
                <div className="min-w-48 flex-1">
                  <label htmlFor={`reason-${reason.id}`} className="sr-only">
                    {t("admin.email.reasons.label")}
                  </label>
                  <Input
                    id={`reason-${reason.id}`}
                    name="label"
                    defaultValue={reason.label}
                    key={reason.label}
                    maxLength={120}
                    className={cn(!reason.active && "text-ink-500")}
                  />
                </div>
                <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                  {t("admin.email.reasons.rename")}
                  <span className="sr-only">: {reason.label}</span>
                </Button>
              </Form>
              {!reason.active ? (
                <span className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700">
                  {t("admin.email.reasons.inactive")}
                </span>
              ) : null}
              <Form method="post" className="flex flex-wrap gap-1">
                <input type="hidden" name="intent" value="reason-move" />
                <input type="hidden" name="id" value={reason.id} />
                <Button
                  type="submit"
                  name="value"
                  value="up"
                  size="sm"
                  variant="ghost"
                  disabled={busy || index === 0}
                  aria-label={t("admin.email.reasons.moveUp", { label: reason.label })}
                >
                  ↑
                </Button>
                <Button
                  type="submit"
                  name="value"
                  value="down"
                  size="sm"
                  variant="ghost"
                  disabled={busy || index === reasons.length - 1}
                  aria-label={t("admin.email.reasons.moveDown", { label: reason.label })}
                >
                  ↓
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="reason-active" />
                <input type="hidden" name="id" value={reason.id} />
                <Button
                  type="submit"
                  name="value"
                  value={reason.active ? "off" : "on"}
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                >
                  {reason.active
                    ? t("admin.email.reasons.deactivate")
                    : t("admin.email.reasons.activate")}
                  <span className="sr-only">: {reason.label}</span>
                </Button>
              </Form>
              <Link
                to={`?template=rejected:${reason.id}&language=${defaultLanguage}#editor`}
                preventScrollReset
                className="inline-flex h-9 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t("admin.email.reasons.editMail")}
                <span className="sr-only">: {reason.label}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-ink-600">{t("admin.email.reasons.none")}</p>
      )}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value="reason-add" />
        <Field
          id="reason-new"
          label={t("admin.email.reasons.new")}
          error={result?.intent === "reason-add" && errors.label ? t(errors.label) : undefined}
          className="min-w-48 flex-1"
        >
          {(aria) => <Input {...aria} name="label" maxLength={120} />}
        </Field>
        <Button type="submit" size="sm" disabled={busy} className="mb-1">
          {t("admin.email.reasons.add")}
        </Button>
      </Form>
      {result?.intent === "reason-rename" && errors.label ? (
        <p role="alert" className="mt-2 text-sm font-medium text-coral-700">
          {t(errors.label)}
        </p>
      ) : null}
      <Outcome
        result={result}
        intents={["reason-add", "reason-rename", "reason-active", "reason-move"]}
      />
    </section>
  );
}

function OutboxSection({ outbox, result }: { outbox: LoaderData["outbox"]; result?: Result }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const number = new Intl.NumberFormat(i18n.language);
  const tones: Record<MailStatus, string> = {
    queued: "bg-sand-100 text-ink-800 ring-ink-300",
    sent: "bg-brand-50 text-brand-800 ring-brand-200",
    failed: "bg-coral-300/20 text-coral-700 ring-coral-300",
  };
  const last = outbox.messages.at(-1);
  return (
    <section id="outbox" aria-labelledby="outbox-title" className={cn(card, "mt-8")}>
      <h2 id="outbox-title" className="text-lg font-semibold">
        {t("admin.email.outbox.heading")}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-ink-600">
        {t("admin.email.outbox.contentRemoved")}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {outboxStatuses.map((status) => (
          <li key={status} className="rounded-xl bg-sand-50 p-4 ring-1 ring-ink-200/70">
            <span className="text-sm text-ink-600">
              {t(`admin.email.outbox.statuses.${status}`)}
            </span>
            <span className="mt-1 block text-2xl font-semibold text-ink-950 tabular-nums">
              {number.format(outbox.counts[status])}
            </span>
          </li>
        ))}
      </ul>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" preventScrollReset>
        <div>
          <label htmlFor="outbox-status" className="block text-sm font-semibold text-ink-900">
            {t("admin.email.outbox.filter")}
          </label>
          <select
            id="outbox-status"
            name="status"
            defaultValue={outbox.filter ?? ""}
            className={cn(select, "mt-2 py-2")}
          >
            <option value="">{t("admin.email.outbox.all")}</option>
            {outboxStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`admin.email.outbox.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="sm" variant="secondary" className="mb-1">
          {t("admin.email.outbox.apply")}
        </Button>
      </Form>
      <Outcome result={result} intents={["retry"]} />
      {outbox.messages.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block">
            <caption className="sr-only">{t("admin.email.outbox.caption")}</caption>
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase max-md:sr-only">
              <tr>
                {(
                  [
                    "recipient",
                    "kind",
                    "language",
                    "status",
                    "attempts",
                    "created",
                    "lastError",
                  ] as const
                ).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {column === "status"
                      ? t("admin.list.status")
                      : t(`admin.email.outbox.columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("admin.email.outbox.columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 max-md:block">
              {outbox.messages.map((message) => (
                <tr
                  key={message.id}
                  className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-1 max-md:py-3"
                >
                  <td className="px-3 py-2 break-all text-ink-900 max-md:col-span-2 max-md:p-0 max-md:font-medium">
                    {message.recipient}
                  </td>
                  <td className="px-3 py-2 max-md:p-0">
                    {mailTemplateKinds.includes(message.kind as never)
                      ? t(`admin.email.kinds.${message.kind}`)
                      : message.kind}
                  </td>
                  <td className="px-3 py-2 max-md:p-0">{message.language.toUpperCase()}</td>
                  <td className="px-3 py-2 max-md:p-0">
                    <span
                      className={cn(
                        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
                        tones[message.status],
                      )}
                    >
                      {t(`admin.email.outbox.statuses.${message.status}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2 tabular-nums max-md:p-0">
                    <span className="md:sr-only">{t("admin.email.outbox.columns.attempts")}: </span>
                    {message.attempts}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-ink-600 max-md:col-span-2 max-md:p-0">
                    {formatWhen(message.createdAt, i18n.language)}
                    {message.sentAt ? (
                      <span className="block">
                        {t("admin.email.outbox.sentAt", {
                          when: formatWhen(message.sentAt, i18n.language),
                        })}
                      </span>
                    ) : message.status === "queued" ? (
                      <span className="block">
                        {t("admin.email.outbox.nextAttempt", {
                          when: formatWhen(message.nextAttemptAt, i18n.language),
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td className="max-w-xs px-3 py-2 break-words text-coral-700 max-md:col-span-2 max-md:p-0">
                    {message.lastError ?? ""}
                  </td>
                  <td className="px-3 py-2 max-md:col-span-2 max-md:p-0">
                    {message.status === "failed" ? (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="id" value={message.id} />
                        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                          {t("admin.email.outbox.retry")}
                          <span className="sr-only">: {message.recipient}</span>
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-4 text-sm text-ink-600">{t("admin.email.outbox.empty")}</p>
      )}
      {outbox.more && last ? (
        <p className="mt-4">
          <Link
            to={`?${new URLSearchParams({
              ...(outbox.filter ? { status: outbox.filter } : {}),
              before: String(last.id),
            })}#outbox`}
            preventScrollReset
            className="text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            {t("admin.email.outbox.older")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
