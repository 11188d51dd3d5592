import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { isSubmissionStatus, submissionStatuses } from "#app/db/submission-statuses.ts";
import { ApplicationHistory } from "#app/features/submissions/application-history.tsx";
import {
  DuplicateBadge,
  DuplicateLinks,
  DuplicatesPanel,
} from "#app/features/submissions/duplicates-panel.tsx";
import { PrivateNotes } from "#app/features/submissions/private-notes.tsx";
import { ApplicationFields } from "#app/features/submissions/application-fields.tsx";
import { ContactApplicant } from "#app/features/submissions/contact-applicant.tsx";
import { DecisionForm } from "#app/features/submissions/decision-form.tsx";
import { ReviewDetailKeys } from "#app/features/submissions/detail-keyboard.tsx";
import { applicationNeighbours } from "#app/features/submissions/neighbours.server.ts";
import {
  detailHref,
  listHref,
  readReviewContext,
} from "#app/features/submissions/review-context.ts";
import { PhotoGallery } from "#app/features/submissions/photo-gallery.tsx";
import { StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { changeStatus, mayChange } from "#app/features/submissions/review.server.ts";
import { reviewPageData } from "#app/features/submissions/review-page.server.ts";
import { UndoNotice, UndoOutcome } from "#app/features/submissions/undo-notice.tsx";
import { REVEAL_LIMIT, revealDocument } from "#app/features/submissions/reveal.server.ts";
import { SubmissionPrivacy } from "#app/features/privacy/submission-privacy.tsx";
import { ManagerPanel } from "#app/features/managers/manager-panel.tsx";
import { managerPanelFor } from "#app/features/managers/assign.server.ts";
import { TeamPanel } from "#app/features/submissions/team-panel.tsx";
import { SelfReferralNote } from "#app/features/submissions/self-referral-note.tsx";
import { OnboardingPanel } from "#app/features/onboarding/onboarding-panel.tsx";
import { StepPanels } from "#app/features/onboarding/step-panels.tsx";
import { stepPanelsFor } from "#app/features/onboarding/step-panels.server.ts";
import { onboardingOnPage } from "#app/features/onboarding/panel.server.ts";
import { toAgencyLocal } from "#app/utils/agency-time.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/submission";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminApplication");
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  const db = await getDatabase();
  const page = await reviewPageData(db, id, viewer);
  if (!page) throw data(null, { status: 404 });
  const { detail } = page;
  // The list she was opened from: its next and previous application (j and k, the links).
  const neighbours = await applicationNeighbours(
    db,
    id,
    withViewer(readReviewContext(new URL(request.url).searchParams), viewer.id),
  );
  const { application } = detail;
  const { t, strings } = pageContext(request);
  return {
    strings: strings(
      "admin-detail",
      "admin-privacy",
      "preselection",
      "auth-errors",
      "admin-keys",
      "admin-team",
      "manager",
      "contact-templates",
      "onboarding",
      "contracts",
      "identity",
    ),
    title: pageTitle(application.fullName || t("admin.privacy.erasedName")),
    // Her talent manager, once she is approved (issue 29).
    manager: await managerPanelFor(db, application, viewer.id),
    ...detail,
    reasons: page.reasons,
    // An erased application keeps its status for the counts; deciding it again means nothing.
    actions: application.erasedAt
      ? []
      : submissionStatuses.filter((to) => mayChange(viewer.role, application.status, to)),
    // Export and erasure of her data are the admin's (app/features/privacy/).
    privacy: viewer.role === "admin",
    notice: new URL(request.url).searchParams.get("notice"),
    heading: t("admin.detail.title"),
    neighbours,
    ...page.parts,
    onboarding: await onboardingOnPage(db, id, request.url),
    steps: await stepPanelsFor(db, application, viewer, request.url),
  };
}

/** The list's "Mine" is the viewer's: her neighbours are those of her own list. */
function withViewer(context: ReturnType<typeof readReviewContext>, viewerId: string) {
  return { ...context, filter: { ...context.filter, viewerId } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result =
  | { error: string; params?: Record<string, string>; document?: undefined }
  | { document: string; error?: undefined };

/** The document's reveal, or a decision (its form sends no intent). */
const submissionForm = z.union([
  z.object({ intent: z.literal("reveal") }),
  z.object({
    from: z.enum(submissionStatuses),
    to: z.enum(submissionStatuses),
    note: textField,
    // A reason is optional; anything but a row's id is none.
    reason: z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number)
      .nullable()
      .catch(null),
    correction: z.literal("yes").optional().catch(undefined),
  }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplication");
  const form = await parseForm(request, submissionForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  const id = Number(params.id);
  if (!form.success || !Number.isSafeInteger(id)) {
    return data<Result>({ error: "auth.errors.generic" }, 400);
  }
  const input = form.data;
  if ("intent" in input) {
    const revealed = await revealDocument(await getDatabase(), id, {
      id: viewer.id,
      ip: clientIp(request),
    });
    if (revealed.outcome === "missing") throw data(null, { status: 404 });
    if (revealed.outcome === "limited") {
      const until = new Date(Date.now() + revealed.retryAfterSeconds * 1000);
      return data<Result>(
        {
          error: "admin.detail.revealLimit",
          params: { limit: String(REVEAL_LIMIT.limit), time: toAgencyLocal(until).slice(11, 16) },
        },
        { status: 429, headers: { "Retry-After": String(revealed.retryAfterSeconds) } },
      );
    }
    return data<Result>({ document: revealed.document });
  }
  const { from, to } = input;
  const result = await changeStatus(await getDatabase(), {
    submissionId: id,
    from,
    to,
    note: input.note,
    reasonId: input.reason,
    correction: input.correction === "yes",
    actor: { id: viewer.id, role: viewer.role },
    ip: clientIp(request),
  });
  switch (result.outcome) {
    case "unknown-reason":
      return data<Result>({ error: "admin.detail.unknownReason" }, 400);
    case "changed":
      // Back to her page in the list she was opened from (the form posts to its URL).
      throw redirect(
        detailHref(id, readReviewContext(new URL(request.url).searchParams), { notice: to }),
      );
    case "conflict":
      return data<Result>(
        { error: "admin.detail.conflict", params: { status: result.current } },
        409,
      );
    case "forbidden":
      return data<Result>({ error: "admin.detail.forbidden" }, 403);
    default:
      throw data(null, { status: 404 });
  }
}

export default function SubmissionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const {
    application: a,
    history,
    duplicates,
    actions,
    notice,
    reasons,
    selfReferral,
  } = loaderData;
  // Back to the list she opened it from, with its filters and order.
  const from = readReviewContext(useSearchParams()[0]);
  return (
    // Room at the end for the decision buttons a phone keeps at the bottom of the screen.
    <div className={actions.length ? "pb-24 lg:pb-0" : undefined}>
      <Link
        to={listHref(from)}
        className="text-sm font-semibold text-brand-700 hover:text-brand-900"
      >
        ← {t(from.list.label)}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">
          {a.fullName || t("admin.privacy.erasedName")}
        </h1>
        <StatusBadge status={a.status} />
        <DuplicateBadge count={duplicates.length} />
      </div>
      <p className="mt-1 text-sm text-ink-500">{loaderData.heading}</p>
      <DuplicateLinks duplicates={duplicates} />
      <ReviewDetailKeys
        application={a}
        actions={actions}
        reasons={reasons}
        neighbours={loaderData.neighbours}
      />

      {actionData?.error ? (
        <div className="mt-6">
          <FormMessage tone="error">
            {t(actionData.error, {
              ...actionData.params,
              status: actionData.params?.status
                ? t(`admin.status.${actionData.params.status}`)
                : "",
            })}
          </FormMessage>
        </div>
      ) : loaderData.undo ? (
        <div className="mt-6">
          <UndoNotice decisions={[loaderData.undo.id]}>
            {t("admin.detail.changed", { status: t(`admin.status.${loaderData.undo.status}`) })}
          </UndoNotice>
        </div>
      ) : notice && isSubmissionStatus(notice) ? (
        <div className="mt-6">
          <FormMessage tone="notice">
            {t("admin.detail.changed", { status: t(`admin.status.${notice}`) })}
          </FormMessage>
        </div>
      ) : null}

      <UndoOutcome />

      {selfReferral ? <SelfReferralNote referral={selfReferral} /> : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <OnboardingPanel applicationId={a.id} onboarding={loaderData.onboarding} />
          <StepPanels applicationId={a.id} panels={loaderData.steps} />
          <ApplicationFields application={a} revealed={actionData?.document} />
          <PhotoGallery name={a.fullName} photos={loaderData.photos} />
          <PrivateNotes
            applicationId={a.id}
            notes={loaderData.team.notes}
            people={loaderData.team.people}
            viewerId={loaderData.team.viewerId}
          />
        </div>
        <div className="space-y-6">
          {actions.length ? (
            <DecisionForm
              status={a.status}
              actions={actions}
              reasons={reasons}
              askCorrection={loaderData.askCorrection}
              busy={navigation.state !== "idle"}
            />
          ) : null}
          {loaderData.manager ? <ManagerPanel id={a.id} {...loaderData.manager} /> : null}
          {loaderData.team.team ? (
            <TeamPanel id={a.id} {...loaderData.team} team={loaderData.team.team} />
          ) : null}
          <ContactApplicant application={a} offers={loaderData.contactOffers} />
          <ApplicationHistory history={history} merges={loaderData.team.merges} />
          {duplicates.length ? (
            <DuplicatesPanel
              id={a.id}
              createdAt={a.createdAt}
              duplicates={duplicates}
              mayMerge={loaderData.mayMerge}
            />
          ) : null}
          {loaderData.privacy ? (
            <SubmissionPrivacy id={a.id} erasedAt={a.erasedAt} others={duplicates.length} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
