import { Section } from "#app/components/ui/card.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { submissionStatuses } from "#app/db/submission-statuses.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { Grouping } from "./analytics.server.ts";
import { StackedColumns } from "./charts.tsx";
import { useFigures } from "./figures.ts";
import type { AnalyticsView } from "./report-view.server.ts";

type Period = AnalyticsView["overTime"][number];

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

/** Applications per day, week or month, stacked by status; the table scrolls in its own box. */
export function OverTimeSection({ periods, group }: { periods: Period[]; group: Grouping }) {
  const { t } = useTranslation();
  const { format } = useFigures();
  const columns: Column<Period>[] = [
    { key: "period", header: t("admin.analytics.period"), rowHeader: true, cell: (p) => p.long },
    ...submissionStatuses.map((status) => ({
      key: status,
      header: t(`admin.status.${status}`),
      numeric: true,
      cell: (p: Period) => format(p.counts[status]),
    })),
    {
      key: "total",
      header: t("admin.analytics.total"),
      numeric: true,
      cell: (p) => format(p.total),
    },
  ];
  return (
    <Section
      id="over-time"
      title={t("admin.analytics.overTime")}
      landmark={false}
      className="mt-6 min-w-0"
    >
      <DataTable
        caption={t(`admin.analytics.overTimeCaptions.${group}`)}
        columns={columns}
        rows={periods}
        rowKey={(p) => p.bucket}
        empty={t("admin.analytics.none")}
        // A long table scrolls in a box of its own, its header kept in sight.
        className="mt-4 max-h-96 overflow-auto rounded-xl ring-1 ring-ink-100"
        tableClassName="[&>thead]:sticky [&>thead]:top-0 [&>thead]:bg-white"
        chart={
          <div className="mt-4">
            <ul aria-hidden="true" className="mb-2 flex flex-wrap gap-4 text-xs text-ink-600">
              {submissionStatuses.map((status) => (
                <li key={status} className="flex items-center gap-1.5">
                  <span className={cn("size-3 rounded-sm", swatch[status])} />
                  {t(`admin.status.${status}`)}
                </li>
              ))}
            </ul>
            <StackedColumns
              buckets={periods.map((p) => ({ key: p.bucket, label: p.label, values: p.counts }))}
              series={submissionStatuses.map((status) => ({
                key: status,
                className: statusTone[status],
              }))}
              format={format}
            />
          </div>
        }
      />
    </Section>
  );
}
