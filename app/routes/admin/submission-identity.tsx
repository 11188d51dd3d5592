import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { identityDecisionForm } from "#app/features/identity/review-form.ts";
import { IdentityReview, type ReviewResult } from "#app/features/identity/review-page.tsx";
import {
  agencyToday,
  askForRetake,
  confirmIdentityCheck,
  identityReview,
} from "#app/features/identity/review.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/submission-identity";

/*
 * /admin/cadastros/:id/identity/:check (approvers and admins; issue 30): one identity check of
 * her application, its photos and what they are compared with, and the two answers. An answer
 * comes back here (303) with its notice; a refusal is answered here with what was typed.
 */

const isId = (value: string | undefined): value is string =>
  value !== undefined && /^[1-9][0-9]{0,15}$/.test(value);

function idsOf(params: { id?: string; check?: string }) {
  if (!isId(params.id) || !isId(params.check)) throw data(null, { status: 404 });
  return { submissionId: Number(params.id), checkId: Number(params.check) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminApplicationIdentity");
  const { submissionId, checkId } = idsOf(params);
  const db = await getDatabase();
  const review = await identityReview(db, submissionId, checkId, {
    id: viewer.id,
    ip: clientIp(request),
  });
  if (!review) throw data(null, { status: 404 });
  const { t, strings } = pageContext(request);
  return {
    strings: strings("identity", "auth-errors"),
    title: pageTitle(t("identity.staff.reviewTitle")),
    ...review,
    done: new URL(request.url).searchParams.get("done"),
    today: await agencyToday(db),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * A refused answer (its form's errors, a forged post) changes nothing: the page is not read
 * again, so the number's last digits are not revealed (and logged) once more for it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => (actionStatus === 400 || actionStatus === 403 ? false : defaultShouldRevalidate);

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplicationIdentity");
  const { submissionId, checkId } = idsOf(params);
  const form = await parseForm(request, identityDecisionForm);
  if (form.crossSite) return data<ReviewResult>({ error: "validation.crossSite" }, 403);
  if (!form.success) {
    const values = Object.fromEntries(
      Object.entries(form.values).map(([name, value]) => [name, String(value).slice(0, 600)]),
    );
    const fieldErrors = fieldErrorsOf(form.error);
    // No intent of ours (a forged or broken post): nothing to point at in the forms.
    const error = "intent" in fieldErrors ? "auth.errors.generic" : undefined;
    return data<ReviewResult>({ error, fieldErrors, values }, 400);
  }
  const actor = { id: viewer.id, ip: clientIp(request) };
  const db = await getDatabase();
  const input = form.data;
  const result =
    input.intent === "confirm"
      ? await confirmIdentityCheck(db, {
          submissionId,
          checkId,
          confirmedType: input.type,
          bornOn: input.bornOn,
          actor,
        })
      : await askForRetake(db, { submissionId, checkId, reason: input.reason, actor });
  switch (result.outcome) {
    case "confirmed":
    case "retake":
      return redirect(
        `/admin/cadastros/${submissionId}/identity/${checkId}?done=${result.outcome}`,
        303,
      );
    case "under-age":
      return data<ReviewResult>(
        {
          fieldErrors: { bornOn: "identity.staff.errors.underAge" },
          values: input.intent === "confirm" ? { ...form.values } : {},
        },
        400,
      );
    case "conflict":
      return data<ReviewResult>(
        { error: "identity.staff.errors.conflict", params: { state: result.state } },
        409,
      );
    case "not-found":
      throw data(null, { status: 404 });
  }
}

export default function SubmissionIdentity({ loaderData, actionData }: Route.ComponentProps) {
  return <IdentityReview page={loaderData} result={actionData} />;
}
