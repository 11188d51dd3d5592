import { SmtpSection } from "#app/mail/admin/smtp-section.tsx";
import { answerIntent, openEmailScreen } from "#app/mail/admin/screen.server.ts";
import { TestMailSection } from "#app/mail/admin/test-mail-section.tsx";
import { handleSmtpForm, handleTestMail, smtpView } from "#app/mail/smtp-admin.server.ts";
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

export async function action({ request }: Route.ActionArgs) {
  return answerIntent(request, {
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
