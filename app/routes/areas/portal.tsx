import { data, isRouteErrorResponse } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { parsePortalQuery, portalData } from "#app/features/affiliates/portal.server.ts";
import { FiguresSection } from "#app/features/affiliates/portal/figures-section.tsx";
import { ReferralLinkSection } from "#app/features/affiliates/portal/link-section.tsx";
import { qrSvg, referralLink } from "#app/features/affiliates/portal/qr.server.ts";
import { MoneySection } from "#app/features/affiliates/portal/money-section.tsx";
import { OverTimeSection } from "#app/features/affiliates/portal/over-time-section.tsx";
import { ReferralsSection } from "#app/features/affiliates/portal/referrals-section.tsx";
import { HerPayoutsSection } from "#app/features/affiliate-payouts/her-payouts-section.tsx";
import {
  PayoutDetailsSection,
  type PayoutDetailsResult,
} from "#app/features/affiliate-payouts/payout-details-section.tsx";
import {
  payoutDetailsAction,
  portalPayouts,
} from "#app/features/affiliate-payouts/portal.server.ts";
import { reportingTimeZone } from "#app/features/analytics/events.ts";
import { reportingDay } from "#app/features/analytics/counting.server.ts";
import { REFERRAL_DAYS } from "#app/features/referrals/referral.server.ts";
import { describeEntry, voidLine } from "#app/features/affiliates/entry-words.ts";
import { describeRule } from "#app/features/affiliates/rules.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/portal";

/**
 * The affiliate portal (/portal, affiliates only; product.md section 4): her referral link with
 * its QR code, her clicks and referrals over time, the people she referred (first name and
 * initial only) and the money the agency recorded for her. Whose data is shown comes from her
 * session alone; the query string only picks the chart's weeks and the page of referrals.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, "affiliatePortal");
  const { t, language, origin, strings } = pageContext(request);
  const query = parsePortalQuery(new URL(request.url).searchParams);
  const db = await getDatabase();
  const portal = await portalData(db, {
    userId: user.id,
    today: reportingDay(new Date()),
    weeks: query.weeks,
    page: query.page,
  });
  const link = referralLink(origin, portal.affiliate.referralCode);
  // Drawn here as SVG (no script, no image request); /portal/qr.png and .svg are its downloads.
  const qr = await qrSvg(link);

  // Dates are written here, in her language and the agency's days, so the browser shows what
  // the server did whatever its own time zone.
  const day = (value: string) => new Date(`${value}T12:00:00Z`);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  // Under the charts' axis: day and month in digits, so eight labels fit a phone's width.
  const weekLabel = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "numeric",
    timeZone: "UTC",
  });
  const received = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeZone: reportingTimeZone,
  });
  // On a phone: "12/11/2026", "11/12/2026", "12.11.2026", narrow enough for a table cell.
  const shortDate = new Intl.DateTimeFormat(language, { dateStyle: "short", timeZone: "UTC" });
  const receivedShort = new Intl.DateTimeFormat(language, {
    dateStyle: "short",
    timeZone: reportingTimeZone,
  });

  return data(
    {
      strings: strings("portal", "areas", "payouts", "affiliate-program"),
      title: pageTitle(t("portal.title")),
      firstName: user.name.trim().split(/\s+/)[0] ?? "",
      link,
      qr,
      code: portal.affiliate.referralCode,
      referralDays: REFERRAL_DAYS,
      suspended: portal.affiliate.status === "suspended",
      figures: portal.figures,
      weeks: query.weeks,
      period: {
        from: dateFormat.format(day(portal.range.from)),
        to: dateFormat.format(day(portal.range.to)),
      },
      overTime: portal.weeks.map((week) => ({
        ...week,
        label: weekLabel.format(day(week.bucket)),
        long: t("portal.overTime.weekOf", { date: dateFormat.format(day(week.bucket)) }),
      })),
      referrals: {
        ...portal.referrals,
        rows: portal.referrals.rows.map((row) => ({
          name: row.name,
          date: received.format(row.createdAt),
          shortDate: receivedShort.format(row.createdAt),
          source: row.source,
          status: row.status,
        })),
      },
      money: {
        rule: describeRule(portal.money.rule, t, language),
        totals: portal.money.totals,
        entries: portal.money.entries.map((entry) => ({
          id: entry.id,
          date: dateFormat.format(day(entry.occurredOn)),
          shortDate: shortDate.format(day(entry.occurredOn)),
          description: describeEntry(entry, t, language),
          amountCents: entry.amountCents,
          state: entry.state,
          voidLine: entry.state === "void" ? voidLine(entry.voidReason, t) : null,
        })),
      },
      // Her payout details' hint and her payouts (app/features/affiliate-payouts/).
      payouts: await portalPayouts(db, user.id, language),
      error: query.error,
    },
    { status: query.error ? 400 : 200 },
  );
}

/** Her payout details, changed with her password and a mailed link. */
export const action = ({ request }: Route.ActionArgs) => payoutDetailsAction(request);

/**
 * A change sent while her phone had lost its signal fails in the browser, before any answer:
 * left to the router, the error screen would replace the portal and what she typed. It becomes
 * an answer like a refusal instead, so the form stays as she left it and says what happened.
 * Nothing reached the server, so nothing changed (and a change resent is asked for afresh).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    // A 5xx status keeps the router from reading the page again over the same lost connection.
    return data<PayoutDetailsResult>({ error: "payouts.errors.unreachable" }, 503);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Portal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaShell title={t("portal.title")}>
      <p className="-mt-4 max-w-3xl text-ink-600">
        {t(loaderData.suspended ? "portal.introSuspended" : "portal.intro", {
          name: loaderData.firstName,
        })}
      </p>

      {loaderData.suspended ? (
        <div
          role="alert"
          className="mt-6 flex gap-3 rounded-2xl bg-coral-300/20 px-5 py-4 text-coral-700 ring-1 ring-coral-300"
        >
          <Icon name="shield-exclamation-point" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t("portal.suspended.title")}</p>
            <p className="mt-1 text-sm text-ink-800">{t("portal.suspended.text")}</p>
          </div>
        </div>
      ) : null}
      {loaderData.error ? (
        <p
          role="alert"
          className="mt-6 rounded-xl bg-coral-300/25 px-4 py-3 text-sm font-medium text-coral-700"
        >
          {t(loaderData.error)}
        </p>
      ) : null}

      <ReferralLinkSection
        link={loaderData.link}
        qr={loaderData.qr}
        code={loaderData.code}
        referralDays={loaderData.referralDays}
      />
      <FiguresSection figures={loaderData.figures} />
      <OverTimeSection
        weeks={loaderData.weeks}
        period={loaderData.period}
        overTime={loaderData.overTime}
      />
      <ReferralsSection referrals={loaderData.referrals} weeks={loaderData.weeks} />
      <MoneySection {...loaderData.money} />
      <HerPayoutsSection payouts={loaderData.payouts.payouts} />
      <PayoutDetailsSection
        details={loaderData.payouts.details}
        result={actionData as PayoutDetailsResult | undefined}
      />
    </AreaShell>
  );
}
