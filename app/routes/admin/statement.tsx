import { data, redirect } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { mayAct } from "#app/auth/permissions.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { StatementEditor } from "#app/features/statements/admin-statement.tsx";
import { statementForm, statementFields } from "#app/features/statements/forms.ts";
import { formatMonth, monthStart } from "#app/features/statements/money.ts";
import {
  correctStatement,
  markPaid,
  publishStatement,
  recordEarning,
  removeDraftLine,
  statementPage,
} from "#app/features/statements/statements.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/statement";

/*
 * /admin/statements/:submission/:month (approvers read, admins write): her month's statement,
 * its lines and figures; record earnings on the draft, publish it, correct it with a reason once
 * published, mark its payout paid.
 */

function paramsOf(params: { submission?: string; month?: string }) {
  const month = monthStart(params.month);
  const id = /^[1-9]\d{0,14}$/.test(params.submission ?? "") ? Number(params.submission) : NaN;
  if (!month || !Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return { id, month };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminStatements");
  const { id, month } = paramsOf(params);
  const { t, language, strings } = pageContext(request);
  const page = await statementPage(await getDatabase(), id, month);
  if (!page) throw data(null, { status: 404 });
  return {
    ...page,
    submissionId: id,
    month,
    strings: strings("statements"),
    title: pageTitle(
      t("statements.detail.title", { name: page.name, month: formatMonth(month, language) }),
    ),
    canWrite: mayAct(viewer.role, "adminStatements"),
    done: new URL(request.url).searchParams.get("done"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminStatements");
  const { id, month } = paramsOf(params);
  const form = await parseForm(request, statementForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  const intent = form.values.intent;
  if (!form.success) {
    // What she typed comes back with the messages, into the form it came from.
    const values = Object.fromEntries(
      statementFields.map((name) => [name, (form.values[name] ?? "").slice(0, 600)]),
    );
    return data({ intent, fieldErrors: fieldErrorsOf(form.error), values }, 400);
  }
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  const page = await statementPage(db, id, month);
  if (!page) return data({ error: "statements.errors.notFound" }, 404);
  const statementId = page.statement?.id;
  const refuse = (outcome: string) => {
    const status = outcome === "not-found" ? 404 : 409;
    const key = {
      "not-found": "notFound",
      "no-contract": "noContract",
      published: "published",
      draft: "draft",
      empty: "noLines",
      paid: "paid",
    }[outcome];
    return data(
      { intent, error: `statements.errors.${key ?? "notFound"}`, values: form.values },
      status,
    );
  };
  const input = form.data;
  let outcome: string;
  switch (input.intent) {
    case "add": {
      const recorded = await recordEarning(db, actor, {
        submissionId: id,
        month,
        platform: input.platform,
        grossCents: input.amount,
      });
      outcome = recorded.ok ? "ok" : recorded.error;
      break;
    }
    case "remove":
      outcome = statementId ? await removeDraftLine(db, statementId, input.line) : "not-found";
      if (outcome === "removed" || outcome === "emptied") outcome = "ok";
      break;
    case "publish":
      outcome = statementId ? await publishStatement(db, actor, statementId) : "empty";
      break;
    case "correct":
      outcome = statementId
        ? await correctStatement(db, actor, statementId, {
            platform: input.platform,
            grossCents: input.amount,
            reason: input.reason,
          })
        : "not-found";
      break;
    case "paid":
      outcome = statementId
        ? await markPaid(db, actor, statementId, {
            paidOn: input.paidOn,
            paidCents: input.amount,
            reference: input.reference,
          })
        : "not-found";
      break;
  }
  if (outcome !== "ok") return refuse(outcome);
  // Back to the page as a fresh GET: a reload does not post again.
  return redirect(`/admin/statements/${id}/${month.slice(0, 7)}?done=${input.intent}`, 303);
}

export default function AdminStatement({ loaderData, actionData }: Route.ComponentProps) {
  return <StatementEditor page={loaderData} result={actionData ?? null} />;
}
