import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import {
  affiliateDetail,
  recordLedgerEntry,
  voidLedgerEntry,
  setAffiliateStatus,
  setCommissionRate,
  type ChangeResult,
} from "#app/features/affiliates/admin-affiliates.server.ts";
import { AffiliateFigures } from "#app/features/affiliates/admin-affiliate-figures.tsx";
import {
  AffiliateForms,
  type AffiliateFormResult as Result,
  type AffiliateIntent as Intent,
} from "#app/features/affiliates/admin-affiliate-forms.tsx";
import { LedgerSection } from "#app/features/affiliates/admin-affiliate-ledger.tsx";
import { ReferralsSection } from "#app/features/affiliates/admin-affiliate-referrals.tsx";
import {
  agencyToday,
  commissionForm,
  latestToday,
  ledgerForm,
  NOTE_MAX,
  statusForm,
} from "#app/features/affiliates/admin-forms.ts";
import { AffiliateStatusBadge } from "#app/features/affiliates/affiliate-status-badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/affiliate";

function affiliateId(params: { id?: string }) {
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id < 1) {
    throw data(null, { status: 404 });
  }
  return id;
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

const intents = ["status", "commission", "ledger", "void"] as const satisfies readonly Intent[];

/** The page's four forms, one per intent; the ledger's latest day is today's. */
const affiliateForm = () =>
  z.discriminatedUnion("intent", [
    statusForm.extend({ intent: z.literal("status") }),
    commissionForm.extend({ intent: z.literal("commission") }),
    ledgerForm().extend({ intent: z.literal("ledger") }),
    z.object({
      intent: z.literal("void"),
      entry: z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number)
        .refine((entry) => entry > 0),
    }),
  ]);

/** Every change here is an admin's (product.md section 2): an approver is sent away. */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAffiliate");
  const id = affiliateId(params);
  const form = await parseForm(request, affiliateForm());
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  // What she typed comes back with the field errors of her form.
  const values = Object.fromEntries(
    (["status", "rate", "kind", "amount", "date", "note"] as const).map((name) => [
      name,
      (form.values[name] ?? "").slice(0, NOTE_MAX + 100),
    ]),
  );
  if (!form.success) {
    const intent = intents.find((name) => name === form.values.intent);
    if (!intent) return data<Result>({ error: "admin.affiliates.errors.intent" }, 400);
    if (intent === "void") return data<Result>({ error: "admin.affiliates.errors.entry" }, 400);
    return data<Result>({ intent, fieldErrors: fieldErrorsOf(form.error), values }, 400);
  }
  const input = form.data;
  const actor = { id: viewer.id, ip: clientIp(request) };
  const db = await getDatabase();

  let result: ChangeResult;
  let notice: string;
  switch (input.intent) {
    case "status":
      result = await setAffiliateStatus(db, { affiliateId: id, status: input.status, actor });
      notice = input.status;
      break;
    case "commission":
      result = await setCommissionRate(db, { affiliateId: id, rate: input.rate, actor });
      notice = "commission";
      break;
    case "ledger": {
      const { kind, amount, date, note } = input;
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
    case "void":
      result = await voidLedgerEntry(db, { affiliateId: id, entryId: input.entry, actor });
      notice = "voided";
      break;
  }
  if (result.outcome === "not-found") throw data(null, { status: 404 });
  // Unchanged (already suspended, the same rate): nothing to log, and nothing to say but done.
  throw redirect(`/admin/afiliados/${id}?notice=${notice}`);
}

const notices = ["active", "suspended", "commission", "earning", "payout", "voided"];

export default function AffiliateDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { affiliate: a, referrals, ledger, canEdit, today, latestDay, notice } = loaderData;
  const message = actionData?.error
    ? { tone: "error" as const, text: t(actionData.error) }
    : actionData?.fieldErrors
      ? { tone: "error" as const, text: t("admin.affiliates.errors.form") }
      : notice && notices.includes(notice)
        ? { tone: "notice" as const, text: t(`admin.affiliates.notices.${notice}`) }
        : null;

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
        {message ? (
          <div className="mt-6">
            <FormMessage tone={message.tone}>{message.text}</FormMessage>
          </div>
        ) : null}
      </div>

      <AffiliateFigures affiliate={a} />
      {canEdit ? (
        <AffiliateForms
          status={a.status}
          commissionRate={a.commissionRate}
          result={actionData}
          today={today}
          latestDay={latestDay}
        />
      ) : (
        <p className="mt-6 text-sm text-ink-600">{t("admin.affiliates.readOnly")}</p>
      )}
      <LedgerSection ledger={ledger} canEdit={canEdit} />
      <ReferralsSection referrals={referrals} count={a.referrals} />
    </>
  );
}
