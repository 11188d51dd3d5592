import { z } from "zod";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import { isContactChannel, isContactPurpose } from "#app/mail/contact-purposes.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { ContactTemplatesSection } from "#app/mail/admin/contact-templates-section.tsx";
import {
  answerIntent,
  openEmailScreen,
  type IntentContext,
} from "#app/mail/admin/screen.server.ts";
import {
  contactTemplate,
  editedContactTemplates,
  handleContactTemplateForm,
  sampleValues,
} from "#app/mail/contact-templates.server.ts";
import { overriddenTemplates } from "#app/mail/templates-admin.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import type { Route } from "./+types/contact";

/**
 * /admin/email/contact: the contact templates by purpose, channel and language, and the editor
 * of the one asked for (?purpose=…&channel=…&language=…) beside its preview.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, origin, url, title } = await openEmailScreen(request, "contact");
  const asked = url.searchParams;
  const purpose = asked.get("purpose");
  const channel = asked.get("channel");
  const editor = {
    purpose: isContactPurpose(purpose) ? purpose : ("more-photos" as const),
    channel: isContactChannel(channel) ? channel : ("whatsapp" as const),
    language: normalizeLanguage(asked.get("language")) ?? defaultLanguage,
  };
  const [overridden, text] = await Promise.all([
    overriddenTemplates(db),
    contactTemplate(db, editor.purpose, editor.channel, editor.language),
  ]);
  const t = getFixedT(editor.language);
  return {
    title,
    edited: editedContactTemplates(overridden),
    editor: {
      ...editor,
      ...text,
      sample: sampleValues(editor.language, origin),
      buttonLabel: t(
        editor.purpose === "reminder"
          ? "mail.contactTemplates.actionReminder"
          : "mail.contactTemplates.action",
      ),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** The editor's three buttons send the same fields, checked by contact-templates.server.ts. */
const contactForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(["contact-save", "contact-preview", "contact-reset"]),
    purpose: textField,
    channel: textField,
    language: textField,
    subject: textField,
    body: textField,
  }),
]);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  const form = await parseForm(request, contactForm);
  const handle = (input: z.output<typeof contactForm>, { db, actor, sample }: IntentContext) =>
    handleContactTemplateForm(db, input.intent, input, actor, sample.origin);
  return answerIntent(request, admin, form, {
    "contact-save": handle,
    "contact-preview": handle,
    "contact-reset": handle,
  });
}

export default function EmailContactTemplates({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactTemplatesSection
      editor={loaderData.editor}
      edited={loaderData.edited}
      result={actionData}
    />
  );
}
