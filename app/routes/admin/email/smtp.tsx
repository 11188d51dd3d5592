import { z } from "zod";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import { SmtpSection } from "#app/mail/admin/smtp-section.tsx";
import { answerIntent, openEmailScreen } from "#app/mail/admin/screen.server.ts";
import { TestMailSection } from "#app/mail/admin/test-mail-section.tsx";
import { handleSmtpForm, handleTestMail, smtpView } from "#app/mail/smtp-admin.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import type { Route } from "./+types/smtp";

/** /admin/email/smtp: the SMTP server and the sender, and a test mail through them. */
export async function loader({ request }: Route.LoaderArgs) {
  const { admin, db, title } = await openEmailScreen(request, "smtp");
  return { title, smtp: await smtpView(db, admin.email) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * The SMTP form and the test mail. The settings and the address are checked by
 * smtp-admin.server.ts, which owns their rules (with SMTP_URL the server fields are not sent).
 */
const smtpForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("smtp"),
    host: textField,
    port: textField,
    security: textField,
    user: textField,
    password: textField,
    removePassword: textField.transform((value) => value === "on"),
    senderName: textField,
    senderAddress: textField,
  }),
  z.object({ intent: z.literal("test"), to: textField }),
]);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  const form = await parseForm(request, smtpForm);
  return answerIntent(request, admin, form, {
    smtp: (settings, { db, actor }) => handleSmtpForm(db, settings, actor),
    test: ({ to }, { db, language, actor }) => handleTestMail(db, to, language, actor),
  });
}

export default function EmailSmtp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <SmtpSection smtp={loaderData.smtp} result={actionData} />
      <TestMailSection smtp={loaderData.smtp} result={actionData} />
    </div>
  );
}
