import { z } from "zod";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import {
  answerIntent,
  openEmailScreen,
  type IntentContext,
} from "#app/mail/admin/screen.server.ts";
import { WhatsappSection } from "#app/mail/admin/whatsapp-section.tsx";
import { overriddenTemplates } from "#app/mail/templates-admin.server.ts";
import {
  handleWhatsappForm,
  previewWhatsapp,
  whatsappTemplate,
} from "#app/mail/whatsapp-templates.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import type { Route } from "./+types/whatsapp";

/**
 * /admin/email/whatsapp: the message the WhatsApp button writes, in the language asked for
 * (?whatsapp=…), and which languages have the agency's own wording.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, url, title } = await openEmailScreen(request, "whatsapp");
  const language = normalizeLanguage(url.searchParams.get("whatsapp")) ?? defaultLanguage;
  const [overridden, whatsapp] = await Promise.all([
    overriddenTemplates(db),
    whatsappTemplate(db, language),
  ]);
  return {
    title,
    overridden: [...overridden],
    whatsapp: { language, ...whatsapp, preview: previewWhatsapp(whatsapp.body) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * The editor's three buttons send the same fields; the language and the text's rules are
 * checked by whatsapp-templates.server.ts.
 */
const whatsappForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(["whatsapp-save", "whatsapp-preview", "whatsapp-reset"]),
    language: textField,
    body: textField,
  }),
]);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  const form = await parseForm(request, whatsappForm);
  const whatsapp = (input: z.output<typeof whatsappForm>, { db, actor }: IntentContext) =>
    handleWhatsappForm(db, input.intent, input, actor);
  return answerIntent(request, admin, form, {
    "whatsapp-save": whatsapp,
    "whatsapp-preview": whatsapp,
    "whatsapp-reset": whatsapp,
  });
}

export default function EmailWhatsapp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WhatsappSection
      editor={loaderData.whatsapp}
      overridden={loaderData.overridden}
      result={actionData}
    />
  );
}
