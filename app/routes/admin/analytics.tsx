import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import {
  analyticsReport,
  lastDays,
  parseRange,
  rangePresets,
} from "#app/features/analytics/analytics.server.ts";
import { Breakdowns } from "#app/features/analytics/breakdowns.tsx";
import { flushCounts, reportingDay } from "#app/features/analytics/counting.server.ts";
import { useFigures } from "#app/features/analytics/figures.ts";
import { OverTimeSection } from "#app/features/analytics/over-time-section.tsx";
import { RangeForm } from "#app/features/analytics/range-form.tsx";
import { ManagerSections } from "#app/features/analytics/manager-sections.tsx";
import { managerTables } from "#app/features/analytics/manager-tables.server.ts";
import { previousRange } from "#app/features/analytics/periods.server.ts";
import { analyticsView } from "#app/features/analytics/report-view.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/analytics";

/**
 * /admin/analytics (approver and admin read it): applications over time and by status, source,
 * language, country and affiliate, and page views, for a range of days picked on screen; then
 * what a manager runs the agency on (issue 31), the funnel among it, each table beside the
 * period before and downloadable as CSV (analytics-export.ts). Every chart has its table; the
 * query string holds the range, so a range can be bookmarked and the page works without
 * JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAnalytics");
  const { t, language, strings } = pageContext(request);
  const today = reportingDay(new Date());
  const { range, errors, submitted } = parseRange(new URL(request.url).searchParams, today);
  const db = await getDatabase();
  await flushCounts(db); // this instance's latest counts, so the funnel is current
  const [report, tables] = await Promise.all([
    analyticsReport(db, range),
    managerTables(db, range, { t, language, now: new Date(), today }),
  ]);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  const before = previousRange(range);
  const previous = [before.from, before.to].map((day) =>
    dateFormat.format(new Date(`${day}T12:00:00Z`)),
  );
  const hasErrors = Object.keys(errors).length > 0;
  return data(
    {
      strings: strings("admin-analytics"),
      title: pageTitle(t("admin.analytics.title")),
      range,
      errors,
      form: hasErrors ? submitted : { from: range.from, to: range.to, group: range.group },
      presets: rangePresets.map((days) => ({ days, ...lastDays(today, days) })),
      ...analyticsView(report, range, language, t),
      tables,
      previous: { from: previous[0]!, to: previous[1]! },
    },
    { status: hasErrors ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { format } = useFigures();
  const { range, errors, form, presets, period, total } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.analytics.title")}</h1>
      <p className="mt-2 max-w-3xl text-ink-600">{t("admin.analytics.intro")}</p>

      <RangeForm range={range} errors={errors} form={form} presets={presets} />

      <div role="status" aria-live="polite" className="mt-4">
        {Object.keys(errors).length > 0 ? (
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

      <OverTimeSection periods={loaderData.overTime} group={range.group} />
      <Breakdowns view={loaderData} />

      <p className="mt-10 max-w-3xl text-ink-700">
        {t("admin.manager.compared", loaderData.previous)}
      </p>
      <ManagerSections tables={loaderData.tables} range={range} />
    </>
  );
}
