import type { ReactNode } from "react";
import { Section } from "#app/components/ui/card.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { HorizontalBars, type BarDatum } from "./charts.tsx";
import { useFigures } from "./figures.ts";
import type { AnalyticsView } from "./report-view.server.ts";

/** The period's applications by status, source, language, country and affiliate; the views. */
export function Breakdowns({
  view,
  children,
}: {
  view: AnalyticsView;
  /** More breakdowns of the same grid (the rejections by reason). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { share } = useFigures();
  const ofTotal = (value: number) => share(value, view.total);
  const rest = (others: number, key: string) =>
    others > 0 ? [{ key: "+", label: t(key), value: others }] : [];
  const breakdowns: { id: string; title: string; column: string; bars: BarDatum[] }[] = [
    {
      id: "by-status",
      title: t("admin.analytics.byStatus"),
      column: t("admin.list.status"),
      bars: view.byStatus.map((s) => ({
        key: s.key,
        label: t(`admin.status.${s.key}`),
        value: s.count,
      })),
    },
    {
      id: "by-source",
      title: t("admin.analytics.bySource"),
      column: t("admin.list.source"),
      bars: view.bySource.map((s) => ({
        key: s.key,
        label: t(`admin.source.${s.key}`),
        value: s.count,
      })),
    },
    {
      id: "by-language",
      title: t("admin.analytics.byLanguage"),
      column: t("admin.list.language"),
      bars: view.byLanguage.map((s) => ({ key: s.key ?? "", label: s.label, value: s.count })),
    },
    {
      id: "by-country",
      title: t("admin.analytics.byCountry"),
      column: t("admin.analytics.country"),
      bars: [
        ...view.byCountry.top.map((s) => ({
          key: s.key ?? "-",
          label: s.label ?? t("admin.analytics.countryUnknown"),
          value: s.count,
        })),
        ...rest(view.byCountry.others, "admin.analytics.otherCountries"),
      ],
    },
    {
      id: "by-affiliate",
      title: t("admin.analytics.byAffiliate"),
      column: t("admin.list.affiliate"),
      bars: [
        ...view.byAffiliate.top.map((s) => ({
          key: s.key ?? "",
          label: s.label ?? s.key ?? "",
          value: s.count,
        })),
        ...rest(view.byAffiliate.others, "admin.analytics.otherAffiliates"),
        { key: "-", label: t("admin.analytics.direct"), value: view.byAffiliate.direct },
      ],
    },
  ];
  const pageViews = view.pageViews.reduce((sum, slice) => sum + slice.count, 0);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      {breakdowns.map((breakdown) => (
        <Breakdown key={breakdown.id} {...breakdown} share={ofTotal} />
      ))}
      <ReferralLinksSection links={view.referralLinks} />
      <Breakdown
        id="page-views"
        title={t("admin.analytics.pageViews")}
        column={t("admin.analytics.page")}
        valueColumn={t("admin.analytics.views")}
        bars={view.pageViews.map((s) => ({
          key: s.key,
          label: t(`admin.analytics.pages.${s.key}`),
          value: s.count,
        }))}
        share={(value) => share(value, pageViews)}
      />
      {children}
    </div>
  );
}

/** A breakdown of the period's applications (or views): its chart, then its table. */
function Breakdown({
  id,
  title,
  column,
  valueColumn,
  bars,
  share,
}: {
  id: string;
  title: string;
  column: string;
  valueColumn?: string;
  bars: BarDatum[];
  share: (value: number) => string;
}) {
  const { t } = useTranslation();
  const { format } = useFigures();
  const columns: Column<BarDatum>[] = [
    { key: "label", header: column, rowHeader: true, cell: (bar) => bar.label },
    {
      key: "value",
      header: valueColumn ?? t("admin.analytics.applications"),
      numeric: true,
      cell: (bar) => format(bar.value),
    },
    {
      key: "share",
      header: t("admin.analytics.share"),
      numeric: true,
      cell: (bar) => share(bar.value),
    },
  ];
  return (
    <Section id={id} title={title} landmark={false} className="mt-6 min-w-0">
      <DataTable
        caption={title}
        columns={columns}
        rows={bars}
        rowKey={(bar) => bar.key}
        empty={t("admin.analytics.none")}
        chart={
          bars.length > 0 ? (
            <div className="mt-4">
              <HorizontalBars data={bars} format={format} />
            </div>
          ) : null
        }
      />
    </Section>
  );
}

type Link = AnalyticsView["referralLinks"]["top"][number];

/** Affiliates' links: clicks beside the applications that came through them. */
function ReferralLinksSection({ links }: { links: AnalyticsView["referralLinks"] }) {
  const { t } = useTranslation();
  const { format, share } = useFigures();
  const title = t("admin.analytics.referralLinks.title");
  const columns: Column<Link>[] = [
    { key: "affiliate", header: t("admin.list.affiliate"), rowHeader: true, cell: (l) => l.label },
    {
      key: "clicks",
      header: t("admin.analytics.referralLinks.clicks"),
      numeric: true,
      cell: (l) => format(l.clicks),
    },
    {
      key: "applications",
      header: t("admin.analytics.applications"),
      numeric: true,
      cell: (l) => format(l.applications),
    },
    {
      key: "conversion",
      header: t("admin.analytics.referralLinks.conversion"),
      numeric: true,
      cell: (l) => share(l.applications, l.clicks),
    },
  ];
  return (
    <Section id="referral-links" title={title} landmark={false} className="mt-6 min-w-0">
      <DataTable
        caption={title}
        columns={columns}
        rows={links.top}
        rowKey={(l) => l.key}
        empty={t("admin.analytics.none")}
        footer={
          links.top.length > 0
            ? {
                key: "all",
                label: t("admin.analytics.referralLinks.allLinks"),
                clicks: links.clicks,
                applications: links.applications,
              }
            : undefined
        }
      />
      <p className="mt-3 text-xs text-ink-500">{t("admin.analytics.referralLinks.note")}</p>
    </Section>
  );
}
