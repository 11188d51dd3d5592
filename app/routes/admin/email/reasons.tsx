import { z } from "zod";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import {
  handleWaitingDaysForm,
  readWaitingDays,
} from "#app/features/staff-alerts/preferences.server.ts";
import { WaitingDaysSection } from "#app/features/staff-alerts/waiting-days-section.tsx";
import { ReasonsSection } from "#app/mail/admin/reasons-section.tsx";
import {
  answerIntent,
  idField,
  openEmailScreen,
  type IntentContext,
} from "#app/mail/admin/screen.server.ts";
import {
  handleReasonChange,
  handleReasonLabel,
  listRejectionReasons,
} from "#app/mail/rejection-reasons.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
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

/**
 * The screen's forms. A label, an on/off or up/down and a number of days are checked by the
 * modules that own them (rejection-reasons.server.ts, preferences.server.ts).
 */
const reasonsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reason-add"), label: textField }),
  z.object({ intent: z.literal("reason-rename"), id: idField, label: textField }),
  z.object({ intent: z.literal(["reason-active", "reason-move"]), id: idField, value: textField }),
  z.object({ intent: z.literal("waiting-days"), days: textField }),
]);

/** The two forms of a reason's row that change it (switch it on or off, move it). */
type Change = Extract<z.output<typeof reasonsForm>, { value: string }>;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  const form = await parseForm(request, reasonsForm);
  const change = ({ intent, id, value }: Change, { db, actor }: IntentContext) =>
    handleReasonChange(db, intent, { id, value }, actor);
  return answerIntent(request, admin, form, {
    "reason-add": ({ label }, { db, actor }) =>
      handleReasonLabel(db, "reason-add", { id: null, label }, actor),
    "reason-rename": ({ id, label }, { db, actor }) =>
      handleReasonLabel(db, "reason-rename", { id, label }, actor),
    "reason-active": change,
    "reason-move": change,
    "waiting-days": ({ days }, { db, actor }) => handleWaitingDaysForm(db, days, actor),
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
