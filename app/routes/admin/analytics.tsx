import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Select } from "#app/components/ui/field.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import {
  analyticsReport,
  lastDays,
  parseRange,
  rangePresets,
} from "#app/features/analytics/analytics.server.ts";
import { groupings } from "#app/features/analytics/events.ts";
import { HorizontalBars, StackedColumns, type BarDatum } from "#app/features/analytics/charts.tsx";
import { flushCounts, reportingDay } from "#app/features/analytics/counting.server.ts";
import { submissionStatuses } from "#app/db/submission-statuses.ts";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/analytics";

/**
 * /admin/analytics (approver and admin read it): applications over time and by status, source,
 * language, country and affiliate, and the funnel from page views to approvals, for a range of
 * days picked on screen. Every chart has its table; the query string holds the range, so a
 * range can be bookmarked and the page works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAnalytics");
  const { t, language, strings } = pageContext(request);
  const today = reportingDay(new Date());
  const { range, errors, submitted } = parseRange(new URL(request.url).searchParams, today);
  const db = await getDatabase();
  await flushCounts(db); // this instance's latest counts, so the funnel is current
  const report = await analyticsReport(db, range);

  // Names are made here, in her language, so the browser shows exactly what the server did.
  const utcDay = (day: string) => new Date(`${day}T12:00:00Z`);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  const bucketFormat = new Intl.DateTimeFormat(
    language,
    range.group === "month"
      ? { month: "short", year: "numeric", timeZone: "UTC" }
      : { day: "numeric", month: "short", timeZone: "UTC" },
  );
  const regions = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
  const countryName = (code: string) => {
    try {
      return regions.of(code) ?? code;
    } catch {
      return code; // not a region code
    }
  };
  const languageName = (code: string | null) =>
    languages.find((l) => l.code === code)?.name ?? code ?? "—";

  const hasErrors = Object.keys(errors).length > 0;
  return data(
    {
      strings: strings("admin-analytics"),
      title: pageTitle(t("admin.analytics.title")),
      range,
      errors,
      form: hasErrors ? submitted : { from: range.from, to: range.to, group: range.group },
      presets: rangePresets.map((days) => ({ days, ...lastDays(today, days) })),
      period: {
        from: dateFormat.format(utcDay(range.from)),
        to: dateFormat.format(utcDay(range.to)),
      },
      total: report.total,
      funnel: report.funnel,
      overTime: report.overTime.map((row) => ({
        ...row,
        label: bucketFormat.format(utcDay(row.bucket)),
        long:
          range.group === "week"
            ? t("admin.analytics.weekOf", { date: dateFormat.format(utcDay(row.bucket)) })
            : range.group === "month"
              ? bucketFormat.format(utcDay(row.bucket))
              : dateFormat.format(utcDay(row.bucket)),
      })),
      byStatus: report.byStatus,
      bySource: report.bySource,
      byLanguage: report.byLanguage.map((slice) => ({ ...slice, label: languageName(slice.key) })),
      byCountry: {
        ...report.byCountry,
        top: report.byCountry.top.map((slice) => ({
          ...slice,
          label: slice.key ? countryName(slice.key) : null,
        })),
      },
      byAffiliate: report.byAffiliate,
      referralLinks: report.referralLinks,
      pageViews: report.pageViews,
    },
    { status: hasErrors ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const statusTone = {
  Pendente: "fill-sand-300",
  Aprovado: "fill-brand-600",
  Reprovado: "fill-coral-500",
} as const;

const swatch = {
  Pendente: "bg-sand-300",
  Aprovado: "bg-brand-600",
  Reprovado: "bg-coral-500",
} as const;

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { range, errors, form, presets, period, funnel, total, referralLinks } = loaderData;
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/analytics";
  const number = new Intl.NumberFormat(i18n.language);
  const format = (value: number) => number.format(value);
  const percent = new Intl.NumberFormat(i18n.language, {
    style: "percent",
    maximumFractionDigits: 1,
  });
  const share = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : "—");
  const errorKeys = Object.entries(errors) as [string, string][];

  const steps = [
    { key: "pageViews", value: funnel.pageViews },
    { key: "started", value: funnel.started },
    { key: "submitted", value: funnel.submitted },
    { key: "approved", value: funnel.approved },
  ] as const;

  const statusBars: BarDatum[] = loaderData.byStatus.map((slice) => ({
    key: slice.key,
    label: t(`admin.status.${slice.key}`),
    value: slice.count,
  }));
  const sourceBars: BarDatum[] = loaderData.bySource.map((slice) => ({
    key: slice.key,
    label: t(`admin.source.${slice.key}`),
    value: slice.count,
  }));
  const languageBars: BarDatum[] = loaderData.byLanguage.map((slice) => ({
    key: slice.key ?? "",
    label: slice.label,
    value: slice.count,
  }));
  const countryBars: BarDatum[] = [
    ...loaderData.byCountry.top.map((slice) => ({
      key: slice.key ?? "-",
      label: slice.label ?? t("admin.analytics.countryUnknown"),
      value: slice.count,
    })),
    ...(loaderData.byCountry.others > 0
      ? [
          {
            key: "+",
            label: t("admin.analytics.otherCountries"),
            value: loaderData.byCountry.others,
          },
        ]
      : []),
  ];
  const affiliateBars: BarDatum[] = [
    ...loaderData.byAffiliate.top.map((slice) => ({
      key: slice.key ?? "",
      label: slice.label ?? slice.key ?? "",
      value: slice.count,
    })),
    ...(loaderData.byAffiliate.others > 0
      ? [
          {
            key: "+",
            label: t("admin.analytics.otherAffiliates"),
            value: loaderData.byAffiliate.others,
          },
        ]
      : []),
    { key: "-", label: t("admin.analytics.direct"), value: loaderData.byAffiliate.direct },
  ];
  const pageBars: BarDatum[] = loaderData.pageViews.map((slice) => ({
    key: slice.key,
    label: t(`admin.analytics.pages.${slice.key}`),
    value: slice.count,
  }));

  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.analytics.title")}</h1>
      <p className="mt-2 max-w-3xl text-ink-600">{t("admin.analytics.intro")}</p>

      <Form
        method="get"
        aria-labelledby="range-title"
        className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-ink-200/70"
      >
        <h2 id="range-title" className="text-sm font-semibold text-ink-900">
          {t("admin.analytics.range")}
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
          <RangeField id="from" label={t("admin.analytics.from")} error={errors.from}>
            {(aria) => (
              <Input
                {...aria}
                name="from"
                type="date"
                defaultValue={form.from}
                className="mt-1 h-11 py-0 text-sm"
              />
            )}
          </RangeField>
          <RangeField id="to" label={t("admin.analytics.to")} error={errors.to}>
            {(aria) => (
              <Input
                {...aria}
                name="to"
                type="date"
                defaultValue={form.to}
                className="mt-1 h-11 py-0 text-sm"
              />
            )}
          </RangeField>
          <RangeField id="group" label={t("admin.analytics.group")} error={errors.group}>
            {(aria) => (
              <Select
                {...aria}
                name="group"
                defaultValue={groupings.includes(form.group as never) ? form.group : "day"}
                className="mt-1"
              >
                {groupings.map((group) => (
                  <option key={group} value={group}>
                    {t(`admin.analytics.groups.${group}`)}
                  </option>
                ))}
              </Select>
            )}
          </RangeField>
          <div className="flex items-end">
            <Button type="submit" className="w-full" disabled={loading}>
              {t("admin.analytics.show")}
            </Button>
          </div>
        </div>
        <nav aria-label={t("admin.analytics.presets")} className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {presets.map((preset) => {
              const current = preset.from === range.from && preset.to === range.to;
              return (
                <li key={preset.days}>
                  <Link
                    to={`?${new URLSearchParams({ from: preset.from, to: preset.to, group: range.group })}`}
                    aria-current={current ? "true" : undefined}
                    className={cn(
                      "inline-flex h-9 items-center rounded-full px-4 text-sm font-medium text-ink-800 ring-1 ring-ink-200 ring-inset hover:bg-sand-50",
                      current && "bg-brand-50 text-brand-800 ring-brand-200",
                    )}
                  >
                    {t("admin.analytics.lastDays", { count: preset.days })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </Form>

      <div role="status" aria-live="polite" className="mt-4">
        {errorKeys.length > 0 ? (
          <p className="mb-3 rounded-xl bg-coral-300/20 px-4 py-3 text-sm font-medium text-coral-700 ring-1 ring-coral-300">
            {t("admin.analytics.errors.summary")}
          </p>
        ) : null}
        <p className="text-ink-700">
          {t("admin.analytics.summary", {
            count: total,
            total: format(total),
            from: period.from,
            to: period.to,
          })}
        </p>
      </div>

      <Section id="funnel" title={t("admin.analytics.funnel.title")}>
        <HorizontalBars
          data={steps.map((step) => ({
            key: step.key,
            label: t(`admin.analytics.funnel.${step.key}`),
            value: step.value,
          }))}
          format={format}
          labelWidth={150}
        />
        <DataTable caption={t("admin.analytics.funnel.caption")}>
          <thead>
            <tr>
              <Th>{t("admin.analytics.funnel.step")}</Th>
              <Th numeric>{t("admin.analytics.count")}</Th>
              <Th numeric>{t("admin.analytics.funnel.ofPrevious")}</Th>
              <Th numeric>{t("admin.analytics.funnel.ofViews")}</Th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, index) => (
              <tr key={step.key}>
                <Th row>
                  {t(`admin.analytics.funnel.${step.key}`)}
                  {step.key === "started" ? (
                    <span className="block text-xs font-normal text-ink-500">
                      {t("admin.analytics.funnel.startedSplit", {
                        form: format(funnel.formStarted),
                        chat: format(funnel.chatbotStarted),
                      })}
                    </span>
                  ) : null}
                </Th>
                <Td numeric>{format(step.value)}</Td>
                <Td numeric>{index === 0 ? "—" : share(step.value, steps[index - 1]!.value)}</Td>
                <Td numeric>{share(step.value, funnel.pageViews)}</Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <p className="mt-3 text-xs text-ink-500">{t("admin.analytics.funnel.note")}</p>
      </Section>

      <Section id="over-time" title={t("admin.analytics.overTime")}>
        <ul aria-hidden="true" className="mb-2 flex flex-wrap gap-4 text-xs text-ink-600">
          {submissionStatuses.map((status) => (
            <li key={status} className="flex items-center gap-1.5">
              <span className={cn("size-3 rounded-sm", swatch[status])} />
              {t(`admin.status.${status}`)}
            </li>
          ))}
        </ul>
        <StackedColumns
          buckets={loaderData.overTime.map((row) => ({
            key: row.bucket,
            label: row.label,
            values: row.counts,
          }))}
          series={submissionStatuses.map((status) => ({
            key: status,
            className: statusTone[status],
          }))}
          format={format}
        />
        {/* A long table scrolls in its own box, which takes the focus so a keyboard can scroll it. */}
        <div
          role="region"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-labelledby="over-time-caption"
          className="mt-4 max-h-96 overflow-auto rounded-xl ring-1 ring-ink-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="w-full text-left text-sm">
            <caption id="over-time-caption" className="sr-only">
              {t(`admin.analytics.overTimeCaptions.${range.group}`)}
            </caption>
            <thead className="sticky top-0 bg-white">
              <tr>
                <Th>{t("admin.analytics.period")}</Th>
                {submissionStatuses.map((status) => (
                  <Th key={status} numeric>
                    {t(`admin.status.${status}`)}
                  </Th>
                ))}
                <Th numeric>{t("admin.analytics.total")}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {loaderData.overTime.map((row) => (
                <tr key={row.bucket}>
                  <Th row>{row.long}</Th>
                  {submissionStatuses.map((status) => (
                    <Td key={status} numeric>
                      {format(row.counts[status])}
                    </Td>
                  ))}
                  <Td numeric>{format(row.total)}</Td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <div className="grid gap-6 xl:grid-cols-2">
        <Breakdown
          id="by-status"
          title={t("admin.analytics.byStatus")}
          column={t("admin.list.status")}
          bars={statusBars}
          format={format}
          share={(value) => share(value, total)}
        />
        <Breakdown
          id="by-source"
          title={t("admin.analytics.bySource")}
          column={t("admin.list.source")}
          bars={sourceBars}
          format={format}
          share={(value) => share(value, total)}
        />
        <Breakdown
          id="by-language"
          title={t("admin.analytics.byLanguage")}
          column={t("admin.list.language")}
          bars={languageBars}
          format={format}
          share={(value) => share(value, total)}
        />
        <Breakdown
          id="by-country"
          title={t("admin.analytics.byCountry")}
          column={t("admin.analytics.country")}
          bars={countryBars}
          format={format}
          share={(value) => share(value, total)}
        />
        <Breakdown
          id="by-affiliate"
          title={t("admin.analytics.byAffiliate")}
          column={t("admin.list.affiliate")}
          bars={affiliateBars}
          format={format}
          share={(value) => share(value, total)}
        />
        <Section id="referral-links" title={t("admin.analytics.referralLinks.title")}>
          <DataTable caption={t("admin.analytics.referralLinks.title")}>
            <thead>
              <tr>
                <Th>{t("admin.list.affiliate")}</Th>
                <Th numeric>{t("admin.analytics.referralLinks.clicks")}</Th>
                <Th numeric>{t("admin.analytics.applications")}</Th>
                <Th numeric>{t("admin.analytics.referralLinks.conversion")}</Th>
              </tr>
            </thead>
            <tbody>
              {referralLinks.top.length === 0 ? (
                <tr>
                  <Td colSpan={4}>{t("admin.analytics.none")}</Td>
                </tr>
              ) : (
                referralLinks.top.map((row) => (
                  <tr key={row.key}>
                    <Th row>{row.label}</Th>
                    <Td numeric>{format(row.clicks)}</Td>
                    <Td numeric>{format(row.applications)}</Td>
                    <Td numeric>{share(row.applications, row.clicks)}</Td>
                  </tr>
                ))
              )}
            </tbody>
            {referralLinks.top.length > 0 ? (
              <tfoot className="border-t border-ink-200 font-semibold">
                <tr>
                  <Th row>{t("admin.analytics.referralLinks.allLinks")}</Th>
                  <Td numeric>{format(referralLinks.clicks)}</Td>
                  <Td numeric>{format(referralLinks.applications)}</Td>
                  <Td numeric>{share(referralLinks.applications, referralLinks.clicks)}</Td>
                </tr>
              </tfoot>
            ) : null}
          </DataTable>
          <p className="mt-3 text-xs text-ink-500">{t("admin.analytics.referralLinks.note")}</p>
        </Section>
        <Breakdown
          id="page-views"
          title={t("admin.analytics.pageViews")}
          column={t("admin.analytics.page")}
          valueColumn={t("admin.analytics.views")}
          bars={pageBars}
          format={format}
          share={(value) => share(value, funnel.pageViews)}
        />
      </div>
    </>
  );
}

function RangeField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-ink-600">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-coral-700">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // Not a landmark of its own: the table inside is the labelled region (one name each).
    <section className="mt-6 min-w-0 rounded-2xl bg-white p-5 ring-1 ring-ink-200/70">
      <h2 id={`${id}-title`} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A breakdown of the period's applications (or views): its chart, then its table. */
function Breakdown({
  id,
  title,
  column,
  valueColumn,
  bars,
  format,
  share,
}: {
  id: string;
  title: string;
  column: string;
  valueColumn?: string;
  bars: BarDatum[];
  format: (value: number) => string;
  share: (value: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Section id={id} title={title}>
      {bars.length > 0 ? <HorizontalBars data={bars} format={format} /> : null}
      <DataTable caption={title}>
        <thead>
          <tr>
            <Th>{column}</Th>
            <Th numeric>{valueColumn ?? t("admin.analytics.applications")}</Th>
            <Th numeric>{t("admin.analytics.share")}</Th>
          </tr>
        </thead>
        <tbody>
          {bars.length === 0 ? (
            <tr>
              <Td colSpan={3}>{t("admin.analytics.none")}</Td>
            </tr>
          ) : (
            bars.map((bar) => (
              <tr key={bar.key}>
                <Th row>{bar.label}</Th>
                <Td numeric>{format(bar.value)}</Td>
                <Td numeric>{share(bar.value)}</Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
    </Section>
  );
}

/** A table in a box that scrolls sideways on a narrow screen (focusable, so keys scroll it). */
function DataTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <ScrollBox label={caption} className="mt-4">
      <table className="w-full text-left text-sm [&_tbody]:divide-y [&_tbody]:divide-ink-100">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </ScrollBox>
  );
}

function ScrollBox({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn(
        "overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      {children}
    </div>
  );
}

function Th({ children, numeric, row }: { children: ReactNode; numeric?: boolean; row?: boolean }) {
  return (
    <th
      scope={row ? "row" : "col"}
      className={cn(
        "px-3 py-2",
        row
          ? "font-medium text-ink-900"
          : "border-b border-ink-200 text-xs font-semibold tracking-wide text-ink-500 uppercase",
        numeric && "text-right tabular-nums",
      )}
    >
      {children}
    </th>
  );
}

function Td({
  children,
  numeric,
  colSpan,
}: {
  children: ReactNode;
  numeric?: boolean;
  colSpan?: number;
}) {
  return (
    <td
      colSpan={colSpan}
      className={cn(
        "px-3 py-2 text-ink-700",
        numeric && "text-right whitespace-nowrap tabular-nums",
      )}
    >
      {children}
    </td>
  );
}
