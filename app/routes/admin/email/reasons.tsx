import {
  handleWaitingDaysForm,
  readWaitingDays,
} from "#app/features/staff-alerts/preferences.server.ts";
import { WaitingDaysSection } from "#app/features/staff-alerts/waiting-days-section.tsx";
import { ReasonsSection } from "#app/mail/admin/reasons-section.tsx";
import { answerIntent, openEmailScreen } from "#app/mail/admin/screen.server.ts";
import {
  handleReasonChange,
  handleReasonLabel,
  listRejectionReasons,
} from "#app/mail/rejection-reasons.server.ts";
import type { Route } from "./+types/reasons";

/**
 * /admin/email/reasons: what the review of applications is set to, the reasons reviewers reject
 * with (each with its mail) and after how many days a waiting application is pointed out.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, title } = await openEmailScreen(request, "reasons");
  const [reasons, waitingDays] = await Promise.all([listRejectionReasons(db), readWaitingDays(db)]);
  return { title, reasons, waitingDays };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  return answerIntent(request, {
    "reason-add": ({ db, id, text, actor }) =>
      handleReasonLabel(db, "reason-add", { id, label: text("label") }, actor),
    "reason-rename": ({ db, id, text, actor }) =>
      handleReasonLabel(db, "reason-rename", { id, label: text("label") }, actor),
    "reason-active": ({ db, id, text, actor }) =>
      handleReasonChange(db, "reason-active", { id, value: text("value") }, actor),
    "reason-move": ({ db, id, text, actor }) =>
      handleReasonChange(db, "reason-move", { id, value: text("value") }, actor),
    "waiting-days": ({ db, form, actor }) => handleWaitingDaysForm(db, form.get("days"), actor),
  });
}

export default function EmailReasons({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ReasonsSection reasons={loaderData.reasons} result={actionData} />
      <WaitingDaysSection days={loaderData.waitingDays} result={actionData} />
    </>
  );
}
