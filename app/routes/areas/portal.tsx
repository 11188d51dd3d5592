import type { ReactNode } from "react";
import QRCode from "qrcode";
import { data, Form, Link, useNavigation } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Select } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { submissionStatuses } from "#app/db/submission-statuses.ts";
import { StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { formatMoney, formatPercent } from "#app/features/affiliates/money.ts";
import { parsePortalQuery, portalData } from "#app/features/affiliates/portal.server.ts";
import { portalWeekChoices } from "#app/features/affiliates/portal-range.ts";
import { ReferralLinkField } from "#app/features/affiliates/referral-link-field.tsx";
import { StackedColumns } from "#app/features/analytics/charts.tsx";
import { reportingTimeZone } from "#app/features/analytics/events.ts";
import { reportingDay } from "#app/features/analytics/counting.server.ts";
import { REFERRAL_DAYS } from "#app/features/referrals/referral.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
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
  const portal = await portalData(await getDatabase(), {
    userId: user.id,
    today: reportingDay(new Date()),
    weeks: query.weeks,
    page: query.page,
  });
  const link = `${origin}/?ref=${encodeURIComponent(portal.affiliate.referralCode)}`;
  // Drawn here as SVG (no script, no image request), in the brand's darkest teal on white.
  const qr = await QRCode.toString(link, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
    color: { dark: "#123e42", light: "#ffffff" },
  });

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
      strings: strings("portal", "areas"),
      title: pageTitle(t("portal.title")),
      firstName: user.name.trim().split(/\s+/)[0] ?? "",
      link,
      qr,
      code: portal.affiliate.referralCode,
      referralDays: REFERRAL_DAYS,
      suspended: portal.affiliate.status === "suspended",
      commissionRate: portal.affiliate.commissionRate,
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
      ledger: {
        totals: portal.ledger.totals,
        entries: portal.ledger.entries.map((entry) => ({
          ...entry,
          date: dateFormat.format(day(entry.occurredOn)),
          shortDate: shortDate.format(day(entry.occurredOn)),
        })),
      },
      error: query.error,
    },
    { status: query.error ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const statusFill = {
  Pendente: "fill-sand-300",
  Aprovado: "fill-brand-600",
  Reprovado: "fill-coral-500",
} as const;
const statusSwatch = {
  Pendente: "bg-sand-300",
  Aprovado: "bg-brand-600",
  Reprovado: "bg-coral-500",
} as const;

const card = "rounded-3xl bg-white p-5 ring-1 ring-ink-200/70 sm:p-7";

export default function Portal({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/portal";
  const { figures, referrals, ledger } = loaderData;
  const number = new Intl.NumberFormat(language);
  const format = (value: number) => number.format(value);
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
  const share = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : "—");
  const pageLink = (page: number) =>
    `?${new URLSearchParams({ weeks: String(loaderData.weeks), page: String(page) })}#referrals-title`;

  const tiles: { key: string; label: string; value: string; hint?: string }[] = [
    { key: "clicks", label: t("portal.figures.clicks"), value: format(figures.clicks) },
    { key: "referred", label: t("portal.figures.referred"), value: format(figures.referred) },
    {
      key: "pending",
      label: t("portal.figures.pending"),
      value: format(figures.byStatus.Pendente),
    },
    {
      key: "approved",
      label: t("portal.figures.approved"),
      value: format(figures.byStatus.Aprovado),
    },
    {
      key: "rejected",
      label: t("portal.figures.rejected"),
      value: format(figures.byStatus.Reprovado),
    },
    {
      key: "conversion",
      label: t("portal.figures.conversion"),
      value: share(figures.referred, figures.clicks),
      hint: t("portal.figures.conversionHint"),
    },
  ];

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

      <section aria-labelledby="link-title" className={cn(card, "mt-6")}>
        <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
          <div className="min-w-0">
            <h2 id="link-title" className="text-xl font-semibold">
              {t("portal.link.title")}
            </h2>
            <div className="mt-5">
              <ReferralLinkField link={loaderData.link} />
            </div>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                  {t("portal.link.code")}
                </dt>
                <dd className="mt-1 font-mono text-2xl font-semibold tracking-wider text-ink-900">
                  {loaderData.code}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                  {t("portal.link.windowTitle")}
                </dt>
                <dd className="mt-1 text-sm text-ink-700">
                  {t("portal.link.window", { count: loaderData.referralDays })}
                </dd>
              </div>
            </dl>
          </div>
          <figure className="flex flex-col items-center gap-3 md:w-56">
            <div
              className="size-44 rounded-2xl bg-white p-1 ring-1 ring-ink-200 [&_svg]:size-full"
              role="img"
              aria-label={t("portal.qr.label", { link: loaderData.link })}
              // The QR code is an SVG the server drew from her own link.
              dangerouslySetInnerHTML={{ __html: loaderData.qr }}
            />
            <figcaption className="text-center text-xs text-ink-600">
              {t("portal.qr.caption")}
            </figcaption>
            <a
              href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(loaderData.qr)}`}
              download={`mare-talent-${loaderData.code}.svg`}
              className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
            >
              <Icon name="download" className="size-4" />
              {t("portal.qr.download")}
            </a>
          </figure>
        </div>
      </section>

      <section aria-labelledby="figures-title" className="mt-8">
        <h2 id="figures-title" className="text-xl font-semibold">
          {t("portal.figures.title")}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {tiles.map((tile) => (
            // The value sits at the bottom, so the figures line up when a label takes two lines.
            <div
              key={tile.key}
              className="flex flex-col rounded-2xl bg-white p-4 ring-1 ring-ink-200/70"
            >
              <dt className="text-sm font-medium text-ink-600">
                {tile.label}
                {tile.hint ? (
                  <span className="block text-xs font-normal text-ink-500">{tile.hint}</span>
                ) : null}
              </dt>
              <dd className="mt-auto pt-1 text-2xl font-semibold text-ink-900 tabular-nums">
                {tile.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="over-time-title" className={cn(card, "mt-8")}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="over-time-title" className="text-xl font-semibold">
              {t("portal.overTime.title")}
            </h2>
            <p className="mt-1 text-sm text-ink-600">
              {t("portal.overTime.period", loaderData.period)}
            </p>
          </div>
          <Form method="get" className="flex items-end gap-2" preventScrollReset>
            <div>
              <label htmlFor="weeks" className="block text-sm font-semibold text-ink-900">
                {t("portal.overTime.range")}
              </label>
              <Select
                id="weeks"
                name="weeks"
                defaultValue={String(loaderData.weeks)}
                className="mt-1 w-44"
              >
                {portalWeekChoices.map((weeks) => (
                  <option key={weeks} value={weeks}>
                    {t("portal.overTime.lastWeeks", { count: weeks })}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="secondary" disabled={loading}>
              {t("portal.overTime.show")}
            </Button>
          </Form>
        </div>

        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <Chart
            title={t("portal.overTime.clicksChart")}
            legend={
              <ul aria-hidden="true" className="flex text-xs text-ink-600">
                <li className="flex items-center gap-1.5">
                  <span className="size-3 rounded-sm bg-brand-400" />
                  {t("portal.figures.clicks")}
                </li>
              </ul>
            }
          >
            <StackedColumns
              buckets={loaderData.overTime.map((week) => ({
                key: week.bucket,
                label: week.label,
                values: { clicks: week.clicks },
              }))}
              series={[{ key: "clicks", className: "fill-brand-400" }]}
              format={format}
              width={400}
              height={200}
            />
          </Chart>
          <Chart
            title={t("portal.overTime.referralsChart")}
            legend={
              <ul
                aria-hidden="true"
                className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600"
              >
                {submissionStatuses.map((status) => (
                  <li key={status} className="flex items-center gap-1.5">
                    <span className={cn("size-3 rounded-sm", statusSwatch[status])} />
                    {t(`admin.status.${status}`)}
                  </li>
                ))}
              </ul>
            }
          >
            <StackedColumns
              buckets={loaderData.overTime.map((week) => ({
                key: week.bucket,
                label: week.label,
                values: week.referred,
              }))}
              series={submissionStatuses.map((status) => ({
                key: status,
                className: statusFill[status],
              }))}
              format={format}
              width={400}
              height={200}
            />
          </Chart>
        </div>

        {/* The charts' numbers; a long range scrolls in its own box, which a keyboard can focus. */}
        <div
          role="region"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-labelledby="weeks-caption"
          className="mt-6 max-h-[30rem] overflow-auto rounded-xl ring-1 ring-ink-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="w-full min-w-[34rem] text-left text-sm">
            <caption id="weeks-caption" className="sr-only">
              {t("portal.overTime.caption")}
            </caption>
            <thead className="sticky top-0 bg-white text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <Th>{t("portal.overTime.week")}</Th>
                <Th numeric>{t("portal.figures.clicks")}</Th>
                <Th numeric>{t("portal.figures.referred")}</Th>
                {submissionStatuses.map((status) => (
                  <Th key={status} numeric>
                    {t(`admin.status.${status}`)}
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {[...loaderData.overTime].reverse().map((week) => (
                <tr key={week.bucket}>
                  <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-ink-900">
                    {week.long}
                  </th>
                  <Td numeric>{format(week.clicks)}</Td>
                  <Td numeric>
                    {format(submissionStatuses.reduce((sum, s) => sum + week.referred[s], 0))}
                  </Td>
                  {submissionStatuses.map((status) => (
                    <Td key={status} numeric>
                      {format(week.referred[status])}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="referrals-title" className={cn(card, "mt-8")}>
        <h2 id="referrals-title" className="text-xl font-semibold">
          {t("portal.referrals.title")}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{t("portal.referrals.privacy")}</p>
        {referrals.rows.length === 0 ? (
          <p className="mt-5 rounded-2xl bg-sand-50 px-4 py-6 text-center text-ink-600">
            {t("portal.referrals.empty")}
          </p>
        ) : (
          <>
            <table className="mt-5 w-full text-left text-sm">
              <caption className="sr-only">{t("portal.referrals.caption")}</caption>
              <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
                <tr>
                  <Th>{t("portal.referrals.name")}</Th>
                  <Th className="hidden sm:table-cell">{t("portal.referrals.date")}</Th>
                  <Th className="hidden sm:table-cell">{t("portal.referrals.source")}</Th>
                  <Th className="text-end sm:text-start">{t("portal.referrals.status")}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {referrals.rows.map((row, index) => (
                  <tr key={index}>
                    <th scope="row" className="px-3 py-3 align-top font-medium text-ink-900">
                      {row.name ?? (
                        <span className="font-normal text-ink-500 italic">
                          {t("portal.referrals.erased")}
                        </span>
                      )}
                      {/* On a phone the two columns below are hidden: the same facts, here. */}
                      <span className="mt-0.5 block text-xs font-normal text-ink-600 sm:hidden">
                        {row.shortDate} · {t(`admin.source.${row.source}`)}
                      </span>
                    </th>
                    <td className="hidden px-3 py-3 whitespace-nowrap text-ink-700 sm:table-cell">
                      {row.date}
                    </td>
                    <td className="hidden px-3 py-3 text-ink-700 sm:table-cell">
                      {t(`admin.source.${row.source}`)}
                    </td>
                    <td className="px-3 py-3 text-end align-top sm:text-start">
                      <StatusBadge status={row.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {referrals.pages > 1 ? (
              <nav
                aria-label={t("portal.referrals.pages")}
                className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
              >
                <p className="text-ink-600">
                  {t("portal.referrals.pageOf", { page: referrals.page, pages: referrals.pages })}
                </p>
                <div className="flex gap-2">
                  {referrals.page > 1 ? (
                    <Link to={pageLink(referrals.page - 1)} className={pager}>
                      {t("portal.referrals.newer")}
                    </Link>
                  ) : null}
                  {referrals.page < referrals.pages ? (
                    <Link to={pageLink(referrals.page + 1)} className={pager}>
                      {t("portal.referrals.older")}
                    </Link>
                  ) : null}
                </div>
              </nav>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="money-title" className={cn(card, "mt-8")}>
        <h2 id="money-title" className="text-xl font-semibold">
          {t("portal.money.title")}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{t("portal.money.intro")}</p>
        <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
          {(
            [
              [
                t("portal.money.rate"),
                formatPercent(loaderData.commissionRate, language) ?? t("portal.money.noRate"),
              ],
              [t("portal.money.earnings"), formatMoney(ledger.totals.earningsCents, language)],
              [t("portal.money.payouts"), formatMoney(ledger.totals.payoutsCents, language)],
              [t("portal.money.balance"), formatMoney(ledger.totals.balanceCents, language)],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {label}
              </dt>
              <dd className="mt-1 text-lg font-semibold text-ink-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {ledger.entries.length === 0 ? (
          <p className="mt-5 rounded-2xl bg-sand-50 px-4 py-6 text-center text-ink-600">
            {t("portal.money.empty")}
          </p>
        ) : (
          <div className="mt-5">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("portal.money.caption")}</caption>
              <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
                <tr>
                  <Th>{t("portal.money.date")}</Th>
                  <Th>{t("portal.money.kind")}</Th>
                  <Th numeric>{t("portal.money.amount")}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {ledger.entries.map((entry) => (
                  <tr key={entry.id} className={entry.voided ? "text-ink-500" : "text-ink-800"}>
                    <td className="px-3 py-3 whitespace-nowrap">
                      <span className="sm:hidden">{entry.shortDate}</span>
                      <span className="hidden sm:inline">{entry.date}</span>
                    </td>
                    <td className="px-3 py-3">
                      {t(`portal.money.kinds.${entry.kind}`)}
                      {entry.voided ? (
                        <span className="ms-2 inline-flex rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
                          {t("portal.money.voided")}
                        </span>
                      ) : null}
                    </td>
                    <td
                      className={cn(
                        "px-3 py-3 text-end whitespace-nowrap tabular-nums",
                        entry.voided && "line-through",
                      )}
                    >
                      {entry.kind === "payout" ? "− " : ""}
                      {formatMoney(entry.amountCents, language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AreaShell>
  );
}

const pager =
  "inline-flex h-9 items-center rounded-full px-4 font-semibold text-ink-800 ring-1 ring-ink-200 ring-inset hover:bg-sand-50";

function Chart({
  title,
  legend,
  children,
}: {
  title: string;
  legend: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure>
      {/* Title and legend on lines of their own, so side-by-side charts start level. */}
      <figcaption>
        <span className="block text-sm font-semibold text-ink-900">{title}</span>
        <div className="mt-1.5">{legend}</div>
      </figcaption>
      <div className="mt-3">{children}</div>
    </figure>
  );
}

function Th({
  children,
  numeric = false,
  className,
}: {
  children: ReactNode;
  numeric?: boolean;
  className?: string;
}) {
  return (
    <th
      scope="col"
      className={cn("px-3 py-2 font-semibold whitespace-nowrap", numeric && "text-end", className)}
    >
      {children}
    </th>
  );
}

function Td({ children, numeric = false }: { children: ReactNode; numeric?: boolean }) {
  return (
    <td className={cn("px-3 py-2 text-ink-800", numeric && "text-end tabular-nums")}>{children}</td>
  );
}
