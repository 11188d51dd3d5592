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

function whatsappIntent(intent: "whatsapp-save" | "whatsapp-preview" | "whatsapp-reset") {
  return ({ db, text, actor }: IntentContext) =>
    handleWhatsappForm(db, intent, { language: text("language"), body: text("body") }, actor);
}

export async function action({ request }: Route.ActionArgs) {
  return answerIntent(request, {
    "whatsapp-save": whatsappIntent("whatsapp-save"),
    "whatsapp-preview": whatsappIntent("whatsapp-preview"),
    "whatsapp-reset": whatsappIntent("whatsapp-reset"),
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
