import { payoutDetailsSummary } from "#app/features/affiliate-payouts/details.server.ts";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import {
  affiliateDetail,
  setAffiliateStatus,
} from "#app/features/affiliates/admin-affiliates.server.ts";
import {
  recordManualEntry,
  reviewHeldEntry,
  voidEntry,
  type EntryChange,
} from "#app/features/affiliates/entries.server.ts";
import { AffiliateFigures } from "#app/features/affiliates/admin-affiliate-figures.tsx";
import {
  AffiliateForms,
  type AffiliateFormResult as Result,
  type AffiliateIntent as Intent,
} from "#app/features/affiliates/admin-affiliate-forms.tsx";
import { EntriesSection } from "#app/features/affiliates/admin-affiliate-entries.tsx";
import { ReferralsSection } from "#app/features/affiliates/admin-affiliate-referrals.tsx";
import {
  agencyToday,
  entryForm,
  latestToday,
  NOTE_MAX,
  reviewForm,
  ruleForm,
  statusForm,
  voidForm,
} from "#app/features/affiliates/admin-forms.ts";
import { describeEntry, voidLine } from "#app/features/affiliates/entry-words.ts";
import { saveRule } from "#app/features/affiliates/rules.server.ts";
import { describeRule } from "#app/features/affiliates/rules.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
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

/**
 * An affiliate's page: her figures, the rule that applies to her, her entries (worded here in the
 * reader's language), her referrals; an admin's forms to change them.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAffiliate");
  const id = affiliateId(params);
  const db = await getDatabase();
  const detail = await affiliateDetail(db, id);
  if (!detail) throw data(null, { status: 404 });
  const { t, language, strings } = pageContext(request);
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  const { entries, rules, ...rest } = detail;
  return {
    strings: strings("admin-affiliates", "auth-errors", "affiliate-program", "admin-payouts"),
    title: pageTitle(`${detail.affiliate.name} · ${t("admin.affiliates.title")}`),
    ...rest,
    override: rules.override,
    payoutDetails: await payoutDetailsSummary(db, id),
    rule: describeRule(rules.effective, t, language),
    programRule: describeRule(rules.program, t, language),
    entries: entries.map((entry) => ({
      id: entry.id,
      date: day.format(new Date(`${entry.occurredOn}T12:00:00Z`)),
      description: describeEntry(entry, t, language),
      amountCents: entry.amountCents,
      state: entry.state,
      riskSignals: entry.riskSignals,
      voidLine:
        entry.state === "void"
          ? `${voidLine(entry.voidReason, t)}${entry.voidedByName ? ` (${entry.voidedByName})` : ""}`
          : null,
      enteredBy: entry.enteredByName
        ? t("admin.affiliates.enteredByWhen", {
            name: entry.enteredByName,
            when: formatAgencyTime(entry.createdAt, language),
          })
        : null,
      voidable: entry.state !== "void" && entry.state !== "paid" && entry.state !== "in-batch",
    })),
    // The highest id changes with each entry recorded: the entry form comes back empty.
    entryFormKey: String(Math.max(0, ...entries.map((entry) => entry.id))),
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

const intents = [
  "status",
  "rule",
  "rule-clear",
  "entry",
  "void",
  "review",
] as const satisfies readonly Intent[];

/** The page's forms, one per intent; a manual entry's latest day is today's. */
const affiliateForm = () =>
  z.discriminatedUnion("intent", [
    statusForm.extend({ intent: z.literal("status") }),
    z.object({ intent: z.literal("rule"), rule: ruleForm }),
    z.object({ intent: z.literal("rule-clear") }),
    entryForm().extend({ intent: z.literal("entry") }),
    voidForm.extend({ intent: z.literal("void") }),
    z.object({ intent: z.literal("review"), review: reviewForm }),
  ]);

/** The fields of each form, read from the posted form as they are. */
const fieldsOf: Record<string, readonly string[]> = {
  rule: ["milestone", "fixed", "share", "months"],
  review: ["entry", "decision", "reason"],
};

/** Every change here is an admin's (product.md section 2): an approver is sent away. */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAffiliate");
  const id = affiliateId(params);
  const form = await parseForm(request, z.record(z.string(), z.string()));
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  const posted = form.values as Record<string, string | undefined>;
  // What she typed comes back with the field errors of her form.
  const values = Object.fromEntries(
    ["status", "milestone", "fixed", "share", "months", "amount", "date", "reason"].map((name) => [
      name,
      (posted[name] ?? "").slice(0, NOTE_MAX + 100),
    ]),
  );
  const intent = intents.find((name) => name === posted.intent);
  if (!intent) return data<Result>({ error: "admin.affiliates.errors.intent" }, 400);
  const group = fieldsOf[intent];
  const candidate = group
    ? {
        intent,
        [intent]: Object.fromEntries(group.map((name) => [name, posted[name] ?? ""])),
      }
    : { ...posted, intent };
  const parsed = affiliateForm().safeParse(candidate);
  if (!parsed.success) {
    if (intent === "void" || intent === "review") {
      const reasonError = parsed.error.issues.find((issue) => issue.path.includes("reason"));
      return data<Result>(
        { error: reasonError ? "admin.affiliates.errors.reason" : "admin.affiliates.errors.entry" },
        400,
      );
    }
    const fieldErrors = Object.fromEntries(
      parsed.error.issues
        .map((issue) => [String(issue.path.at(-1) ?? ""), issue.message])
        .reverse(),
    );
    return data<Result>({ intent, fieldErrors, values }, 400);
  }
  const input = parsed.data;
  const actor = { id: viewer.id, ip: clientIp(request) };
  const db = await getDatabase();

  let result: EntryChange;
  let notice: string;
  switch (input.intent) {
    case "status":
      result = (await setAffiliateStatus(db, { affiliateId: id, status: input.status, actor }))
        .outcome;
      notice = input.status;
      break;
    case "rule":
      result = await saveRule(db, { affiliateId: id, rule: input.rule, actor });
      notice = "rule";
      break;
    case "rule-clear":
      result = await saveRule(db, { affiliateId: id, rule: null, actor });
      notice = "ruleCleared";
      break;
    case "entry":
      result = await recordManualEntry(db, {
        affiliateId: id,
        amountCents: input.amount,
        reason: input.reason,
        occurredOn: input.date,
        actor,
      });
      notice = "entry";
      break;
    case "void":
      result = await voidEntry(db, {
        affiliateId: id,
        entryId: input.entry,
        reason: input.reason,
        actor,
      });
      notice = "voided";
      break;
    case "review":
      result = await reviewHeldEntry(db, {
        affiliateId: id,
        entryId: input.review.entry,
        decision: input.review.decision,
        reason: input.review.reason || null,
        actor,
      });
      notice = input.review.decision;
      break;
  }
  if (result === "not-found") throw data(null, { status: 404 });
  if (result === "duplicate") {
    return data<Result>(
      { intent: "entry", error: "admin.affiliates.errors.duplicate", values },
      409,
    );
  }
  // Unchanged (already suspended, the same rule): nothing to log, and nothing to say but done.
  throw redirect(`/admin/afiliados/${id}?notice=${notice}`);
}

const notices = ["active", "suspended", "rule", "ruleCleared", "entry", "voided", "released"];

export default function AffiliateDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { affiliate: a, referrals, entries, canEdit, today, latestDay, notice } = loaderData;
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

      <AffiliateFigures
        affiliate={a}
        rule={loaderData.rule}
        payoutDetails={loaderData.payoutDetails}
      />
      {canEdit ? (
        <AffiliateForms
          status={a.status}
          override={loaderData.override}
          programRule={loaderData.programRule}
          result={actionData}
          entryFormKey={loaderData.entryFormKey}
          today={today}
          latestDay={latestDay}
        />
      ) : (
        <p className="mt-6 text-sm text-ink-600">{t("admin.affiliates.readOnly")}</p>
      )}
      <EntriesSection entries={entries} canEdit={canEdit} />
      <ReferralsSection referrals={referrals} count={a.referrals} />
    </>
  );
}
