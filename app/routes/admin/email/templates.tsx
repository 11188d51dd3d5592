import { z } from "zod";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import {
  answerIntent,
  openEmailScreen,
  type IntentContext,
} from "#app/mail/admin/screen.server.ts";
import { TemplatesSection } from "#app/mail/admin/templates-section.tsx";
import { listRejectionReasons } from "#app/mail/rejection-reasons.server.ts";
import {
  handleTemplateForm,
  overriddenTemplates,
  parseTemplateKey,
  previewTemplate,
  previewValues,
  templateExists,
  templateForEditor,
} from "#app/mail/templates-admin.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import type { Route } from "./+types/templates";

const defaultTemplate = parseTemplateKey("confirmation")!;

/**
 * /admin/email/templates: every mail template in every language, and the editor of the one
 * asked for (?template=…&language=…) beside its preview.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, t, origin, url, title } = await openEmailScreen(request, "templates");
  const asked = parseTemplateKey(url.searchParams.get("template")) ?? defaultTemplate;
  const language = normalizeLanguage(url.searchParams.get("language")) ?? defaultLanguage;
  // A reason's template whose reason is gone shows the default one.
  const ref = (await templateExists(db, asked)) ? asked : defaultTemplate;
  const [reasons, overridden, editor] = await Promise.all([
    // The reasons name their templates.
    listRejectionReasons(db),
    overriddenTemplates(db),
    templateForEditor(db, ref, language),
  ]);
  const sample = previewValues(ref.kind, origin, t("admin.email.templates.sampleNote"));
  return {
    title,
    reasons,
    overridden: [...overridden],
    editor: { key: ref.key, kind: ref.kind, reasonId: ref.reasonId, language, ...editor },
    preview: previewTemplate(ref, language, editor, sample),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * The editor's three buttons send the same fields. Which template and language, and the text's
 * rules, are checked by templates-admin.server.ts.
 */
const templatesForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(["template-save", "template-preview", "template-reset"]),
    template: textField,
    language: textField,
    subject: textField,
    body: textField,
  }),
]);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  const form = await parseForm(request, templatesForm);
  const template = (input: z.output<typeof templatesForm>, { db, sample, actor }: IntentContext) =>
    handleTemplateForm(db, input.intent, input, sample, actor);
  return answerIntent(request, admin, form, {
    "template-save": template,
    "template-preview": template,
    "template-reset": template,
  });
}

export default function EmailTemplates({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TemplatesSection
      editor={loaderData.editor}
      preview={loaderData.preview}
      overridden={loaderData.overridden}
      reasons={loaderData.reasons}
      result={actionData}
    />
  );
}
