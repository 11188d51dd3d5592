import type { TFunction } from "i18next";
import { languages } from "#app/i18n/languages.ts";
import type { AnalyticsRange, AnalyticsReport } from "./analytics.server.ts";

/**
 * The report as /admin/analytics shows it: its days, periods, languages and countries named
 * here, in her language, so the browser shows exactly what the server did.
 */
export function analyticsView(
  report: AnalyticsReport,
  range: AnalyticsRange,
  language: string,
  t: TFunction,
) {
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

  return {
    period: {
      from: dateFormat.format(utcDay(range.from)),
      to: dateFormat.format(utcDay(range.to)),
    },
    total: report.total,
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
  };
}

export type AnalyticsView = ReturnType<typeof analyticsView>;
