import { and, desc, eq, ne } from "drizzle-orm";
import { useTranslation } from "#app/i18n/translation.tsx";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Select, Textarea } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { affiliates, submissions, submissionStatusHistory, user } from "#app/db/schema.server.ts";
import { isSubmissionStatus, submissionStatuses } from "#app/db/submission-statuses.ts";
import { countryName, formatBirthDate } from "#app/features/chatbot/format.ts";
import { formatWhen, StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { changeStatus, mayChange } from "#app/features/submissions/review.server.ts";
import { revealDocument } from "#app/features/submissions/reveal.server.ts";
import { listRejectionReasons } from "#app/mail/rejection-reasons.server.ts";
import { SubmissionPrivacy } from "#app/features/privacy/submission-privacy.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/submission";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminApplication");
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  const db = await getDatabase();
  const [application] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!application) throw data(null, { status: 404 });
  const [history, duplicates, reasons, selfReferral] = await Promise.all([
    db
      .select({
        createdAt: submissionStatusHistory.createdAt,
        fromStatus: submissionStatusHistory.fromStatus,
        toStatus: submissionStatusHistory.toStatus,
        note: submissionStatusHistory.note,
        by: user.name,
      })
      .from(submissionStatusHistory)
      .leftJoin(user, eq(user.id, submissionStatusHistory.changedBy))
      .where(eq(submissionStatusHistory.submissionId, id))
      .orderBy(desc(submissionStatusHistory.createdAt)),
    db
      .select({ id: submissions.id, createdAt: submissions.createdAt, status: submissions.status })
      .from(submissions)
      .where(
        and(eq(submissions.emailNormalized, application.emailNormalized), ne(submissions.id, id)),
      )
      .orderBy(desc(submissions.createdAt))
      .limit(20),
    listRejectionReasons(db, { activeOnly: true }),
    // She used her own affiliate link: not attributed, and the reviewer is told whose.
    application.selfReferralAffiliateId
      ? db
          .select({ id: affiliates.id, name: user.name, code: affiliates.referralCode })
          .from(affiliates)
          .innerJoin(user, eq(user.id, affiliates.userId))
          .where(eq(affiliates.id, application.selfReferralAffiliateId))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  const { documentEncrypted: _encrypted, ...shown } = application;
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-detail", "admin-privacy", "preselection", "auth-errors"),
    title: pageTitle(application.fullName || t("admin.privacy.erasedName")),
    application: shown,
    history,
    duplicates,
    selfReferral,
    reasons: reasons.map(({ id, label }) => ({ id, label })),
    // An erased application keeps its status for the counts; deciding it again means nothing.
    actions: application.erasedAt
      ? []
      : submissionStatuses.filter((to) => mayChange(viewer.role, application.status, to)),
    // Export and erasure of her data are the admin's (app/features/privacy/).
    privacy: viewer.role === "admin",
    notice: new URL(request.url).searchParams.get("notice"),
    heading: t("admin.detail.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result =
  | { error: string; params?: Record<string, string>; document?: undefined }
  | { document: string; error?: undefined };

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplication");
  if (isCrossSiteRequest(request)) return data<Result>({ error: "validation.crossSite" }, 403);
  const form = await readForm(request);
  const from = form.get("from");
  const to = form.get("to");
  const id = Number(params.id);
  if (form.get("intent") === "reveal" && Number.isSafeInteger(id)) {
    const document = await revealDocument(await getDatabase(), id, {
      id: viewer.id,
      ip: clientIp(request),
    });
    if (document === null) throw data(null, { status: 404 });
    return data<Result>({ document });
  }
  if (!isSubmissionStatus(from) || !isSubmissionStatus(to) || !Number.isSafeInteger(id)) {
    return data<Result>({ error: "auth.errors.generic" }, 400);
  }
  const result = await changeStatus(await getDatabase(), {
    submissionId: id,
    from,
    to,
    note: String(form.get("note") ?? ""),
    reasonId: /^[1-9]\d{0,14}$/.test(String(form.get("reason")))
      ? Number(form.get("reason"))
      : null,
    actor: { id: viewer.id, role: viewer.role },
    ip: clientIp(request),
  });
  switch (result.outcome) {
    case "unknown-reason":
      return data<Result>({ error: "admin.detail.unknownReason" }, 400);
    case "changed":
      throw redirect(`/admin/cadastros/${id}?notice=${encodeURIComponent(to)}`);
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
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const {
    application: a,
    history,
    duplicates,
    actions,
    notice,
    reasons,
    selfReferral,
  } = loaderData;
  const dash = "—";
  const fields: [string, React.ReactNode][] = [
    [t("admin.detail.email"), a.email || dash],
    [
      t("admin.detail.age"),
      a.age ? String(a.age) : a.dateOfBirth ? formatBirthDate(a.dateOfBirth, i18n.language) : dash,
    ],
    [t("admin.detail.phone"), a.phone ?? a.whatsapp ?? dash],
    [
      t("admin.detail.location"),
      [a.city, a.country ? countryName(a.country, i18n.language) : ""].filter(Boolean).join(", ") ||
        dash,
    ],
    [
      t("admin.detail.document"),
      a.documentLastDigits ? (
        <DocumentNumber lastDigits={a.documentLastDigits} revealed={actionData?.document} />
      ) : (
        dash
      ),
    ],
    [t("admin.detail.instagram"), a.instagram ?? dash],
    [
      t("admin.detail.experience"),
      a.experience ? t(`preselection.experienceOptions.${a.experience}`) : dash,
    ],
    [t("admin.detail.source"), t(`admin.source.${a.source}`)],
    [t("admin.detail.language"), a.language],
    [t("admin.detail.referral"), a.referralCode ?? dash],
    [t("admin.detail.received"), formatWhen(a.createdAt, i18n.language)],
  ];
  return (
    <>
      <Link
        to="/admin/cadastros"
        className="text-sm font-semibold text-brand-700 hover:text-brand-900"
      >
        ← {t("admin.nav.all")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">
          {a.fullName || t("admin.privacy.erasedName")}
        </h1>
        <StatusBadge status={a.status} />
      </div>
      <p className="mt-1 text-sm text-ink-500">{loaderData.heading}</p>

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
      ) : notice && isSubmissionStatus(notice) ? (
        <div className="mt-6">
          <FormMessage tone="notice">
            {t("admin.detail.changed", { status: t(`admin.status.${notice}`) })}
          </FormMessage>
        </div>
      ) : null}

      {selfReferral ? (
        <div
          role="note"
          aria-labelledby="self-referral-title"
          className="mt-6 rounded-xl bg-sand-100 px-4 py-3 text-sm text-ink-800 ring-1 ring-sand-300"
        >
          <p id="self-referral-title" className="font-semibold text-ink-900">
            {t("admin.detail.selfReferralTitle")}
          </p>
          <p className="mt-1">
            {t("admin.detail.selfReferralText", { code: selfReferral.code })}{" "}
            <Link
              to={`/admin/afiliados/${selfReferral.id}`}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {selfReferral.name}
            </Link>
          </p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="fields-title"
          className="rounded-2xl bg-white p-5 ring-1 ring-ink-200/70"
        >
          <h2 id="fields-title" className="sr-only">
            {t("admin.detail.fields")}
          </h2>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                  {label}
                </dt>
                <dd className="mt-1 break-words text-ink-900">{value}</dd>
              </div>
            ))}
          </dl>
          {a.message ? (
            <div className="mt-6">
              <h3 className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {t("admin.detail.message")}
              </h3>
              <p className="mt-1 whitespace-pre-line text-ink-900">{a.message}</p>
            </div>
          ) : null}
        </section>

        <div className="space-y-6">
          {actions.length ? (
            <section
              aria-labelledby="decide-title"
              className="rounded-2xl bg-white p-5 ring-1 ring-ink-200/70"
            >
              <h2 id="decide-title" className="text-lg font-semibold">
                {t("admin.detail.decide")}
              </h2>
              <Form method="post" className="mt-4 space-y-4">
                <input type="hidden" name="from" value={a.status} />
                {actions.includes("Reprovado") && reasons.length > 0 ? (
                  <Field
                    id="reason"
                    label={t("admin.detail.reason")}
                    hint={t("admin.detail.reasonHint")}
                  >
                    {(aria) => (
                      <Select {...aria} name="reason" defaultValue="">
                        <option value="">{t("admin.detail.noReason")}</option>
                        {reasons.map((reason) => (
                          <option key={reason.id} value={reason.id}>
                            {reason.label}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                ) : null}
                <Field id="note" label={t("admin.detail.note")} hint={t("admin.detail.noteHint")}>
                  {(aria) => (
                    <Textarea {...aria} name="note" maxLength={2000} className="min-h-24" />
                  )}
                </Field>
                <div className="flex flex-wrap gap-2">
                  {actions.map((to) => (
                    <Button
                      key={to}
                      type="submit"
                      name="to"
                      value={to}
                      disabled={busy}
                      variant={to === "Aprovado" ? "primary" : "secondary"}
                    >
                      {t(`admin.detail.to${to}`)}
                    </Button>
                  ))}
                </div>
              </Form>
            </section>
          ) : null}

          <section
            aria-labelledby="history-title"
            className="rounded-2xl bg-white p-5 ring-1 ring-ink-200/70"
          >
            <h2 id="history-title" className="text-lg font-semibold">
              {t("admin.detail.history")}
            </h2>
            <ol className="mt-3 space-y-3 text-sm">
              {history.map((entry, index) => (
                <li key={index} className="border-s-2 border-brand-200 ps-3">
                  <p className="font-medium text-ink-900">
                    {entry.fromStatus ? `${t(`admin.status.${entry.fromStatus}`)} → ` : ""}
                    {t(`admin.status.${entry.toStatus}`)}
                  </p>
                  <p className="text-ink-500">
                    {formatWhen(entry.createdAt, i18n.language)} ·{" "}
                    {entry.by ?? t("admin.detail.applicant")}
                  </p>
                  {entry.note ? <p className="mt-1 text-ink-700">{entry.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>

          {duplicates.length ? (
            <section
              aria-labelledby="duplicates-title"
              className="rounded-2xl bg-white p-5 ring-1 ring-ink-200/70"
            >
              <h2 id="duplicates-title" className="text-lg font-semibold">
                {t("admin.detail.duplicates", { count: duplicates.length })}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {duplicates.map((d) => (
                  <li key={d.id} className="flex items-center justify-between gap-3">
                    <Link
                      to={`/admin/cadastros/${d.id}`}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      {formatWhen(d.createdAt, i18n.language)}
                    </Link>
                    <StatusBadge status={d.status} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {loaderData.privacy ? (
            <SubmissionPrivacy id={a.id} erasedAt={a.erasedAt} others={duplicates.length} />
          ) : null}
        </div>
      </div>
    </>
  );
}

/** The masked number, and on request the full one: the reveal is an action, so it is logged. */
function DocumentNumber({ lastDigits, revealed }: { lastDigits: string; revealed?: string }) {
  const { t } = useTranslation();
  if (revealed) {
    return (
      <span role="status">
        <span className="text-sm text-ink-600">{t("admin.detail.revealed")}</span>{" "}
        <span className="font-mono font-semibold">{revealed}</span>
      </span>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-mono">•••• {lastDigits}</span>
      <input type="hidden" name="intent" value="reveal" />
      <button
        type="submit"
        aria-describedby="reveal-hint"
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline"
      >
        {t("admin.detail.reveal")}
      </button>
      <span id="reveal-hint" className="w-full text-xs text-ink-500">
        {t("admin.detail.revealHint")}
      </span>
    </Form>
  );
}
