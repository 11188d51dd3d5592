import { data } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { OutboxSection } from "#app/mail/admin/outbox-section.tsx";
import { ReasonsSection } from "#app/mail/admin/reasons-section.tsx";
import type { EmailIntent, EmailOutcome, EmailResult } from "#app/mail/admin/result.ts";
import { SmtpSection } from "#app/mail/admin/smtp-section.tsx";
import { TemplatesSection } from "#app/mail/admin/templates-section.tsx";
import { TestMailSection } from "#app/mail/admin/test-mail-section.tsx";
import { WhatsappSection } from "#app/mail/admin/whatsapp-section.tsx";
import {
  handleRetry,
  isMailStatus,
  latestMessages,
  outboxCounts,
} from "#app/mail/outbox-admin.server.ts";
import {
  handleReasonChange,
  handleReasonLabel,
  listRejectionReasons,
} from "#app/mail/rejection-reasons.server.ts";
import { handleSmtpForm, handleTestMail, smtpView } from "#app/mail/smtp-admin.server.ts";
import {
  handleTemplateForm,
  overriddenTemplates,
  parseTemplateKey,
  previewTemplate,
  previewValues,
  templateExists,
  templateForEditor,
} from "#app/mail/templates-admin.server.ts";
import {
  handleWhatsappForm,
  previewWhatsapp,
  whatsappTemplate,
} from "#app/mail/whatsapp-templates.server.ts";
import {
  handleWaitingDaysForm,
  readWaitingDays,
} from "#app/features/staff-alerts/preferences.server.ts";
import { WaitingDaysSection } from "#app/features/staff-alerts/waiting-days-section.tsx";
import { readPageNumber } from "#app/utils/keyset.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/email";

const defaultTemplate = parseTemplateKey("confirmation")!;

/** The template and language the editor shows (?template=…&language=…). */
function editorOf(url: URL) {
  const ref = parseTemplateKey(url.searchParams.get("template")) ?? defaultTemplate;
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
  const { language, ref: asked } = editorOf(url);
  // A reason's template whose reason is gone shows the default one.
  const ref = (await templateExists(db, asked)) ? asked : defaultTemplate;
  const status = url.searchParams.get("status");
  const filter = isMailStatus(status) ? status : null;
  // A malformed `before` (no page of ours links to it): the newest messages, and a 400.
  const { value: before, invalid: badPageLink } = readPageNumber(url.searchParams.get("before"));
  const whatsappLanguage = normalizeLanguage(url.searchParams.get("whatsapp")) ?? defaultLanguage;
  const [smtp, reasons, overridden, editor, counts, outbox, whatsapp, waitingDays] =
    await Promise.all([
      smtpView(db, admin.email),
      listRejectionReasons(db),
      overriddenTemplates(db),
      templateForEditor(db, ref, language),
      outboxCounts(db),
      latestMessages(db, { status: filter ?? undefined, before }),
      whatsappTemplate(db, whatsappLanguage),
      readWaitingDays(db),
    ]);
  const sample = previewValues(ref.kind, origin, t("admin.email.templates.sampleNote"));
  return data(
    {
      strings: strings("admin-email"),
      title: pageTitle(t("admin.email.title")),
      smtp,
      reasons,
      overridden: [...overridden],
      editor: { key: ref.key, kind: ref.kind, reasonId: ref.reasonId, language, ...editor },
      preview: previewTemplate(ref, language, editor, sample),
      outbox: { counts, filter, before: before ?? null, badPageLink, ...outbox },
      whatsapp: {
        language: whatsappLanguage,
        ...whatsapp,
        preview: previewWhatsapp(whatsapp.body),
      },
      waitingDays,
    },
    { status: badPageLink ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** What every intent's handler is given: the form as sent, and who sends it from where. */
async function intentContext(request: Request, adminId: string) {
  const form = await readForm(request);
  const { language, t, origin } = pageContext(request);
  return {
    db: await getDatabase(),
    form,
    text: (name: string) => String(form.get(name) ?? ""),
    id: idOf(form.get("id")),
    actor: { id: adminId, ip: clientIp(request) },
    language,
    sample: { origin, note: t("admin.email.templates.sampleNote") },
  };
}

type IntentContext = Awaited<ReturnType<typeof intentContext>>;

function templateIntent(intent: "template-save" | "template-preview" | "template-reset") {
  return ({ db, text, sample, actor }: IntentContext) =>
    handleTemplateForm(
      db,
      intent,
      {
        template: text("template"),
        language: text("language"),
        subject: text("subject"),
        body: text("body"),
      },
      sample,
      actor,
    );
}

function whatsappIntent(intent: "whatsapp-save" | "whatsapp-preview" | "whatsapp-reset") {
  return ({ db, text, actor }: IntentContext) =>
    handleWhatsappForm(db, intent, { language: text("language"), body: text("body") }, actor);
}

/** Each form of the screen (its `intent`) and the mail module's function that answers it. */
const intents: Record<EmailIntent, (context: IntentContext) => Promise<EmailOutcome>> = {
  smtp: ({ db, form, text, actor }) =>
    handleSmtpForm(
      db,
      {
        host: text("host"),
        port: text("port"),
        security: text("security"),
        user: text("user"),
        password: text("password"),
        removePassword: form.get("removePassword") === "on",
        senderName: text("senderName"),
        senderAddress: text("senderAddress"),
      },
      actor,
    ),
  test: ({ db, text, language, actor }) => handleTestMail(db, text("to"), language, actor),
  "template-save": templateIntent("template-save"),
  "template-preview": templateIntent("template-preview"),
  "template-reset": templateIntent("template-reset"),
  "whatsapp-save": whatsappIntent("whatsapp-save"),
  "whatsapp-preview": whatsappIntent("whatsapp-preview"),
  "whatsapp-reset": whatsappIntent("whatsapp-reset"),
  "reason-add": ({ db, id, text, actor }) =>
    handleReasonLabel(db, "reason-add", { id, label: text("label") }, actor),
  "reason-rename": ({ db, id, text, actor }) =>
    handleReasonLabel(db, "reason-rename", { id, label: text("label") }, actor),
  "reason-active": ({ db, id, text, actor }) =>
    handleReasonChange(db, "reason-active", { id, value: text("value") }, actor),
  "reason-move": ({ db, id, text, actor }) =>
    handleReasonChange(db, "reason-move", { id, value: text("value") }, actor),
  retry: ({ db, id, actor }) => handleRetry(db, id, actor),
  "waiting-days": ({ db, form, actor }) => handleWaitingDaysForm(db, form.get("days"), actor),
};

const isIntent = (value: string): value is EmailIntent => Object.hasOwn(intents, value);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  if (isCrossSiteRequest(request)) {
    return data<EmailResult>(
      { intent: "", ok: false, message: "validation.crossSite" },
      { status: 403 },
    );
  }
  const context = await intentContext(request, admin.id);
  const intent = context.text("intent");
  if (!isIntent(intent)) {
    return data<EmailResult>(
      { intent, ok: false, message: "admin.email.errors.invalid" },
      { status: 400 },
    );
  }
  const { result, status } = await intents[intent](context);
  return data(result, { status });
}

const sections = ["smtp", "templates", "whatsapp", "reasons", "waiting", "outbox"] as const;

export default function AdminEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { smtp, reasons, outbox } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.email.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-600">{t("admin.email.intro")}</p>
      <nav aria-label={t("admin.email.sections")} className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          {sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 underline-offset-2 hover:underline">
                {t(`admin.email.${id}.heading`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <SmtpSection smtp={smtp} result={actionData} />
        <TestMailSection smtp={smtp} result={actionData} />
      </div>
      <TemplatesSection
        editor={loaderData.editor}
        preview={loaderData.preview}
        overridden={loaderData.overridden}
        reasons={reasons}
        result={actionData}
      />
      <WhatsappSection
        editor={loaderData.whatsapp}
        overridden={loaderData.overridden}
        result={actionData}
      />
      <ReasonsSection reasons={reasons} result={actionData} />
      <WaitingDaysSection days={loaderData.waitingDays} result={actionData} />
      <OutboxSection outbox={outbox} result={actionData} />
    </>
  );
}
