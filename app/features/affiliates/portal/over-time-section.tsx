import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { ChartFigure, DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { Select } from "#app/components/ui/field.tsx";
import { submissionStatuses } from "#app/db/submission-statuses.ts";
import { portalWeekChoices } from "#app/features/affiliates/portal-range.ts";
import { StackedColumns } from "#app/features/analytics/charts.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { PortalWeekView } from "./view.ts";

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

/**
 * Her clicks and referrals week by week: the range to show (a plain GET form), a chart of each,
 * and their numbers in a table, newest week first.
 */
export function OverTimeSection({
  weeks,
  period,
  overTime,
}: {
  /** The range shown, one of portalWeekChoices. */
  weeks: number;
  period: { from: string; to: string };
  overTime: PortalWeekView[];
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/portal";
  const number = new Intl.NumberFormat(i18n.language);
  const format = (value: number) => number.format(value);
  const columns: Column<PortalWeekView>[] = [
    { key: "week", header: t("portal.overTime.week"), cell: (week) => week.long, rowHeader: true },
    {
      key: "clicks",
      header: t("portal.figures.clicks"),
      cell: (week) => format(week.clicks),
      numeric: true,
    },
    {
      key: "referred",
      header: t("portal.figures.referred"),
      cell: (week) => format(submissionStatuses.reduce((sum, s) => sum + week.referred[s], 0)),
      numeric: true,
    },
    ...submissionStatuses.map((status) => ({
      key: status,
      header: t(`admin.status.${status}`),
      cell: (week: PortalWeekView) => format(week.referred[status]),
      numeric: true,
    })),
  ];

  return (
    <Section
      id="over-time"
      title={t("portal.overTime.title")}
      description={t("portal.overTime.period", period)}
      className="mt-8"
      actions={
        <Form method="get" className="flex items-end gap-2" preventScrollReset>
          <div>
            <label htmlFor="weeks" className="block text-sm font-semibold text-ink-900">
              {t("portal.overTime.range")}
            </label>
            <Select id="weeks" name="weeks" defaultValue={String(weeks)} className="mt-1 w-44">
              {portalWeekChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {t("portal.overTime.lastWeeks", { count: choice })}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="secondary" disabled={loading}>
            {t("portal.overTime.show")}
          </Button>
        </Form>
      }
    >
      <DataTable
        caption={t("portal.overTime.caption")}
        columns={columns}
        rows={[...overTime].reverse()}
        rowKey={(week) => week.bucket}
        empty={null}
        chart={<WeekCharts overTime={overTime} format={format} />}
        // A long range scrolls in its own box, under a header that stays in view.
        className="mt-6 max-h-[30rem] overflow-auto rounded-xl ring-1 ring-ink-100"
        tableClassName="min-w-[34rem] [&_th]:whitespace-nowrap [&>thead]:sticky [&>thead]:top-0 [&>thead]:bg-white"
      />
    </Section>
  );
}

/** The pictures of the table below them, side by side on a wide screen. */
function WeekCharts({
  overTime,
  format,
}: {
  overTime: PortalWeekView[];
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  const buckets = (values: (week: PortalWeekView) => Record<string, number>) =>
    overTime.map((week) => ({ key: week.bucket, label: week.label, values: values(week) }));
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-2">
      <ChartFigure
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
          buckets={buckets((week) => ({ clicks: week.clicks }))}
          series={[{ key: "clicks", className: "fill-brand-400" }]}
          format={format}
          width={400}
          height={200}
        />
      </ChartFigure>
      <ChartFigure
        title={t("portal.overTime.referralsChart")}
        legend={
          <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600">
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
          buckets={buckets((week) => week.referred)}
          series={submissionStatuses.map((status) => ({
            key: status,
            className: statusFill[status],
          }))}
          format={format}
          width={400}
          height={200}
        />
      </ChartFigure>
    </div>
  );
}
