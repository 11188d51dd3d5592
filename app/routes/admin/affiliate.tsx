import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "#app/auth/forms.ts";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { formatWhen, StatusBadge } from "#app/features/submissions/status-badge.tsx";
import {
  affiliateDetail,
  recordLedgerEntry,
  voidLedgerEntry,
  setAffiliateStatus,
  setCommissionRate,
  type ChangeResult,
} from "#app/features/affiliates/admin-affiliates.server.ts";
import {
  commissionForm,
  formatMoney,
  formatPercent,
  latestToday,
  ledgerForm,
  NOTE_MAX,
  statusForm,
} from "#app/features/affiliates/admin-forms.ts";
import { AffiliateStatusBadge } from "#app/features/affiliates/affiliate-status-badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/affiliate";

function affiliateId(params: { id?: string }) {
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id < 1) {
    throw data(null, { status: 404 });
  }
  return id;
}

/** Today in Florianópolis (UTC−3), the ledger form's default day. */
function agencyToday(now = new Date()) {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

/** An affiliate's page: her figures, referrals and ledger; an admin's forms to change them. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAffiliate");
  const id = affiliateId(params);
  const detail = await affiliateDetail(await getDatabase(), id);
  if (!detail) throw data(null, { status: 404 });
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-affiliates", "auth-errors"),
    title: pageTitle(`${detail.affiliate.name} · ${t("admin.affiliates.title")}`),
    ...detail,
    canEdit: viewer.role === "admin",
    today: agencyToday(),
    latestDay: latestToday(),
    notice: new URL(request.url).searchParams.get("notice"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Intent = "status" | "commission" | "ledger" | "void";

type Result = {
  intent?: Intent;
  error?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
};

/** Every change here is an admin's (product.md section 2): an approver is sent away. */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAffiliate");
  const id = affiliateId(params);
  if (isCrossSiteRequest(request)) return data<Result>({ error: "validation.crossSite" }, 403);
  const form = await readForm(request);
  const intent = form.get("intent");
  const values = Object.fromEntries(
    ["status", "rate", "kind", "amount", "date", "note", "entry"].map((name) => [
      name,
      String(form.get(name) ?? "").slice(0, NOTE_MAX + 100),
    ]),
  );
  const actor = { id: viewer.id, ip: clientIp(request) };
  const db = await getDatabase();
  const invalid = (which: Intent, error: z.ZodError) =>
    data<Result>({ intent: which, fieldErrors: fieldErrorsOf(error), values }, 400);

  let result: ChangeResult;
  let notice: string;
  switch (intent) {
    case "status": {
      const parsed = statusForm.safeParse(values);
      if (!parsed.success) return invalid("status", parsed.error);
      result = await setAffiliateStatus(db, { affiliateId: id, status: parsed.data.status, actor });
      notice = parsed.data.status;
      break;
    }
    case "commission": {
      const parsed = commissionForm.safeParse(values);
      if (!parsed.success) return invalid("commission", parsed.error);
      result = await setCommissionRate(db, { affiliateId: id, rate: parsed.data.rate, actor });
      notice = "commission";
      break;
    }
    case "ledger": {
      const parsed = ledgerForm().safeParse(values);
      if (!parsed.success) return invalid("ledger", parsed.error);
      const { kind, amount, date, note } = parsed.data;
      result = await recordLedgerEntry(db, {
        affiliateId: id,
        kind,
        amountCents: amount,
        occurredOn: date,
        note,
        actor,
      });
      notice = kind;
      break;
    }
    case "void": {
      const entryId = /^\d{1,15}$/.test(values.entry ?? "") ? Number(values.entry) : 0;
      if (entryId <= 0) {
        return data<Result>({ error: "admin.affiliates.errors.entry" }, 400);
      }
      result = await voidLedgerEntry(db, { affiliateId: id, entryId, actor });
      notice = "voided";
      break;
    }
    default:
      return data<Result>({ error: "admin.affiliates.errors.intent" }, 400);
  }
  if (result.outcome === "not-found") throw data(null, { status: 404 });
  // Unchanged (already suspended, the same rate): nothing to log, and nothing to say but done.
  throw redirect(`/admin/afiliados/${id}?notice=${notice}`);
}

const notices = ["active", "suspended", "commission", "earning", "payout", "voided"];
const section = "rounded-2xl bg-white p-5 ring-1 ring-ink-200/70";
const selectClass =
  "block h-12 w-full rounded-xl border-0 bg-white px-3 text-base text-ink-900 shadow-xs ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none";

export default function AffiliateDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { affiliate: a, referrals, ledger, canEdit, today, latestDay, notice } = loaderData;
  const errorsOf = (intent: Intent) =>
    actionData?.intent === intent ? (actionData.fieldErrors ?? {}) : {};
  const valuesOf = (intent: Intent) =>
    actionData?.intent === intent ? (actionData.values ?? {}) : {};
  const message = (errors: FieldErrors, field: string) =>
    errors[field] ? t(errors[field]) : undefined;
  const commissionErrors = errorsOf("commission");
  const ledgerErrors = errorsOf("ledger");
  const ledgerValues = valuesOf("ledger");
  const figures: [string, string][] = [
    [t("admin.affiliates.referrals"), a.referrals.toLocaleString(language)],
    [t("admin.affiliates.approvals"), a.approvals.toLocaleString(language)],
    [t("admin.affiliates.commission"), formatPercent(a.commissionRate, language) ?? "—"],
    [t("admin.affiliates.earnings"), formatMoney(a.earningsCents, language)],
    [t("admin.affiliates.payouts"), formatMoney(a.payoutsCents, language)],
    [t("admin.affiliates.balance"), formatMoney(a.balanceCents, language)],
  ];

  return (
    <>
      <Link
        to="/admin/afiliados"
        className="text-sm font-semibold text-brand-700 hover:text-brand-900"
      >
        ← {t("admin.affiliates.back")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight break-words">{a.name}</h1>
        <AffiliateStatusBadge status={a.status} />
      </div>
      <p className="mt-1 text-sm break-all text-ink-600">
        {a.email} · {t("admin.affiliates.code")}{" "}
        <span className="font-mono text-ink-800">{a.referralCode}</span>
      </p>

      <div aria-live="polite">
        {actionData?.error ? (
          <div className="mt-6">
            <FormMessage tone="error">{t(actionData.error)}</FormMessage>
          </div>
        ) : actionData?.fieldErrors ? (
          <div className="mt-6">
            <FormMessage tone="error">{t("admin.affiliates.errors.form")}</FormMessage>
          </div>
        ) : notice && notices.includes(notice) ? (
          <div className="mt-6">
            <FormMessage tone="notice">{t(`admin.affiliates.notices.${notice}`)}</FormMessage>
          </div>
        ) : null}
      </div>

      <section aria-labelledby="figures-title" className={`mt-6 ${section}`}>
        <h2 id="figures-title" className="sr-only">
          {t("admin.affiliates.figures")}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {label}
              </dt>
              <dd className="mt-1 text-lg font-semibold text-ink-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {a.promotion.trim() ? (
          <p className="mt-4 text-sm break-words text-ink-600">
            <span className="font-semibold text-ink-800">{t("admin.affiliates.promotion")}:</span>{" "}
            {a.promotion}
          </p>
        ) : null}
      </section>

      {canEdit ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <section aria-labelledby="status-title" className={section}>
            <h2 id="status-title" className="text-lg font-semibold">
              {t("admin.affiliates.statusTitle")}
            </h2>
            <p className="mt-2 text-sm text-ink-600">
              {t(
                a.status === "active"
                  ? "admin.affiliates.suspendHint"
                  : "admin.affiliates.activateHint",
              )}
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="status" />
              <input
                type="hidden"
                name="status"
                value={a.status === "active" ? "suspended" : "active"}
              />
              <Button
                type="submit"
                disabled={busy}
                variant={a.status === "active" ? "secondary" : "primary"}
              >
                {t(
                  a.status === "active" ? "admin.affiliates.suspend" : "admin.affiliates.activate",
                )}
              </Button>
            </Form>
          </section>

          <section aria-labelledby="commission-title" className={section}>
            <h2 id="commission-title" className="text-lg font-semibold">
              {t("admin.affiliates.commissionTitle")}
            </h2>
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="intent" value="commission" />
              <Field
                id="rate"
                label={t("admin.affiliates.rateLabel")}
                hint={t("admin.affiliates.rateHint")}
                error={message(commissionErrors, "rate")}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name="rate"
                    inputMode="decimal"
                    autoComplete="off"
                    required
                    defaultValue={valuesOf("commission").rate ?? a.commissionRate ?? ""}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                {t("admin.affiliates.saveRate")}
              </Button>
            </Form>
          </section>

          <section aria-labelledby="ledger-form-title" className={section}>
            <h2 id="ledger-form-title" className="text-lg font-semibold">
              {t("admin.affiliates.ledgerFormTitle")}
            </h2>
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="intent" value="ledger" />
              <Field
                id="kind"
                label={t("admin.affiliates.kind")}
                error={message(ledgerErrors, "kind")}
              >
                {(aria) => (
                  <select
                    {...aria}
                    name="kind"
                    defaultValue={ledgerValues.kind || "earning"}
                    className={selectClass}
                  >
                    <option value="earning">{t("admin.affiliates.kinds.earning")}</option>
                    <option value="payout">{t("admin.affiliates.kinds.payout")}</option>
                  </select>
                )}
              </Field>
              <Field
                id="amount"
                label={t("admin.affiliates.amount")}
                hint={t("admin.affiliates.amountHint")}
                error={message(ledgerErrors, "amount")}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name="amount"
                    inputMode="decimal"
                    autoComplete="off"
                    required
                    defaultValue={ledgerValues.amount ?? ""}
                  />
                )}
              </Field>
              <Field
                id="date"
                label={t("admin.affiliates.date")}
                error={message(ledgerErrors, "date")}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name="date"
                    type="date"
                    required
                    max={latestDay}
                    defaultValue={ledgerValues.date || today}
                  />
                )}
              </Field>
              <Field
                id="note"
                label={t("admin.affiliates.note")}
                hint={t("admin.affiliates.noteHint", { max: NOTE_MAX })}
                error={message(ledgerErrors, "note")}
              >
                {(aria) => (
                  <Textarea
                    {...aria}
                    name="note"
                    maxLength={NOTE_MAX}
                    className="min-h-20"
                    defaultValue={ledgerValues.note ?? ""}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                {t("admin.affiliates.record")}
              </Button>
            </Form>
          </section>
        </div>
      ) : (
        <p className="mt-6 text-sm text-ink-600">{t("admin.affiliates.readOnly")}</p>
      )}

      <section aria-labelledby="ledger-title" className={`mt-6 ${section}`}>
        <h2 id="ledger-title" className="text-lg font-semibold">
          {t("admin.affiliates.ledgerTitle")}
        </h2>
        {ledger.length === 0 ? (
          <p className="mt-3 text-sm text-ink-600">{t("admin.affiliates.noLedger")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">{t("admin.affiliates.ledgerTitle")}</caption>
              <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.date")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.kind")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">
                    {t("admin.affiliates.amount")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.noteColumn")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.enteredBy")}
                  </th>
                  {canEdit ? (
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">{t("admin.affiliates.actions")}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {ledger.map((entry) => (
                  <tr
                    key={entry.id}
                    className={entry.voidedAt ? "text-ink-500 [&_.amount]:line-through" : undefined}
                  >
                    <td className="px-3 py-2 whitespace-nowrap">
                      {new Intl.DateTimeFormat(language, {
                        dateStyle: "medium",
                        timeZone: "UTC",
                      }).format(new Date(`${entry.occurredOn}T00:00:00Z`))}
                    </td>
                    <td className="px-3 py-2">{t(`admin.affiliates.kinds.${entry.kind}`)}</td>
                    <td className="amount px-3 py-2 text-end whitespace-nowrap tabular-nums">
                      {entry.kind === "payout" ? "− " : ""}
                      {formatMoney(entry.amountCents, language)}
                    </td>
                    <td className="px-3 py-2 break-words text-ink-700">{entry.note ?? "—"}</td>
                    <td className="px-3 py-2 text-ink-700">
                      {entry.enteredBy ?? t("admin.accessReport.system")}
                      <span className="block text-xs text-ink-500">
                        {formatWhen(entry.createdAt, language)}
                      </span>
                      {entry.voidedAt ? (
                        <span className="mt-1 block text-xs font-semibold text-ink-700">
                          {t("admin.affiliates.voidedBy", {
                            name: entry.voidedBy ?? t("admin.accessReport.system"),
                            when: formatWhen(entry.voidedAt, language),
                          })}
                        </span>
                      ) : null}
                    </td>
                    {canEdit ? (
                      <td className="px-3 py-2 text-end">
                        {entry.voidedAt ? null : (
                          // A disclosure, not a dialog: the second step works without JavaScript.
                          <details className="group relative inline-block text-start">
                            <summary
                              className={`${buttonVariants({ variant: "ghost", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
                              aria-label={t("admin.affiliates.voidEntry", {
                                kind: t(`admin.affiliates.kinds.${entry.kind}`),
                                amount: formatMoney(entry.amountCents, language),
                              })}
                            >
                              {t("admin.affiliates.void")}
                            </summary>
                            <Form
                              method="post"
                              preventScrollReset
                              className="absolute end-0 z-10 mt-1 w-64 rounded-xl bg-white p-3 text-sm shadow-lg ring-1 ring-ink-200"
                            >
                              <input type="hidden" name="intent" value="void" />
                              <input type="hidden" name="entry" value={entry.id} />
                              <p className="text-ink-700">{t("admin.affiliates.voidExplain")}</p>
                              <Button type="submit" size="sm" className="mt-3">
                                {t("admin.affiliates.voidConfirm")}
                              </Button>
                            </Form>
                          </details>
                        )}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="referrals-title" className={`mt-6 ${section}`}>
        <h2 id="referrals-title" className="text-lg font-semibold">
          {t("admin.affiliates.referralsTitle", { count: a.referrals })}
        </h2>
        {referrals.length === 0 ? (
          <p className="mt-3 text-sm text-ink-600">{t("admin.affiliates.noReferrals")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t("admin.affiliates.referralsCaption")}</caption>
              <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.applicant")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.received")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.source")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("admin.affiliates.status")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {referrals.map((r) => (
                  <tr key={r.id}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      <Link
                        to={`/admin/cadastros/${r.id}`}
                        className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                      >
                        {r.fullName}
                      </Link>
                    </th>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {formatWhen(r.createdAt, language)}
                    </td>
                    <td className="px-3 py-2">{t(`admin.source.${r.source}`)}</td>
                    <td className="px-3 py-2">
                      <StatusBadge status={r.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
