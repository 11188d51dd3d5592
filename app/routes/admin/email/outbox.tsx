import { data } from "react-router";
import { z } from "zod";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import { OutboxSection } from "#app/mail/admin/outbox-section.tsx";
import { answerIntent, idField, openEmailScreen } from "#app/mail/admin/screen.server.ts";
import {
  handleRetry,
  isMailStatus,
  latestMessages,
  outboxCounts,
} from "#app/mail/outbox-admin.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { readPageNumber } from "#app/utils/keyset.ts";
import type { Route } from "./+types/outbox";

/** /admin/email/outbox: the counts of every status, and a page of messages (?status=&before=). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, url, title } = await openEmailScreen(request, "outbox");
  const status = url.searchParams.get("status");
  const filter = isMailStatus(status) ? status : null;
  // A malformed `before` (no page of ours links to it): the newest messages, and a 400.
  const { value: before, invalid: badPageLink } = readPageNumber(url.searchParams.get("before"));
  const [counts, page] = await Promise.all([
    outboxCounts(db),
    latestMessages(db, { status: filter ?? undefined, before }),
  ]);
  return data(
    { title, outbox: { counts, filter, before: before ?? null, badPageLink, ...page } },
    { status: badPageLink ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** The outbox's one form: send a failed message again. */
const outboxForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry"), id: idField }),
]);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminEmail");
  const form = await parseForm(request, outboxForm);
  return answerIntent(request, admin, form, {
    retry: ({ id }, { db, actor }) => handleRetry(db, id, actor),
  });
}

export default function EmailOutbox({ loaderData, actionData }: Route.ComponentProps) {
  return <OutboxSection outbox={loaderData.outbox} result={actionData} />;
}
