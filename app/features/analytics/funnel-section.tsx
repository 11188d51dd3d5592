import { Section } from "#app/components/ui/card.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { HorizontalBars } from "./charts.tsx";
import { useFigures } from "./figures.ts";
import type { AnalyticsView } from "./report-view.server.ts";

const steps = ["pageViews", "started", "submitted", "approved"] as const;

interface Step {
  key: (typeof steps)[number];
  value: number;
  /** The step before's count; null for the first. */
  previous: number | null;
}

/** From page views to approvals: each step's count, of the step before and of the views. */
export function FunnelSection({ funnel }: { funnel: AnalyticsView["funnel"] }) {
  const { t } = useTranslation();
  const { format, share } = useFigures();
  const rows: Step[] = steps.map((key, index) => ({
    key,
    value: funnel[key],
    previous: index === 0 ? null : funnel[steps[index - 1]!],
  }));
  const columns: Column<Step>[] = [
    {
      key: "step",
      header: t("admin.analytics.funnel.step"),
      rowHeader: true,
      cell: (step) => (
        <>
          {t(`admin.analytics.funnel.${step.key}`)}
          {step.key === "started" ? (
            <span className="block text-xs font-normal text-ink-500">
              {t("admin.analytics.funnel.startedSplit", {
                form: format(funnel.formStarted),
                chat: format(funnel.chatbotStarted),
              })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "count",
      header: t("admin.analytics.count"),
      numeric: true,
      cell: (step) => format(step.value),
    },
    {
      key: "of-previous",
      header: t("admin.analytics.funnel.ofPrevious"),
      numeric: true,
      cell: (step) => (step.previous === null ? "—" : share(step.value, step.previous)),
    },
    {
      key: "of-views",
      header: t("admin.analytics.funnel.ofViews"),
      numeric: true,
      cell: (step) => share(step.value, funnel.pageViews),
    },
  ];
  return (
    <Section
      id="funnel"
      title={t("admin.analytics.funnel.title")}
      landmark={false}
      className="mt-6 min-w-0"
    >
      <DataTable
        caption={t("admin.analytics.funnel.caption")}
        columns={columns}
        rows={rows}
        rowKey={(step) => step.key}
        empty={t("admin.analytics.none")}
        // Its long headers wrap, so the table fits a phone without scrolling sideways.
        tableClassName="[&>thead_th]:whitespace-normal"
        chart={
          <div className="mt-4">
            <HorizontalBars
              data={rows.map((step) => ({
                key: step.key,
                label: t(`admin.analytics.funnel.${step.key}`),
                value: step.value,
              }))}
              format={format}
              labelWidth={150}
            />
          </div>
        }
      />
      <p className="mt-3 text-xs text-ink-500">{t("admin.analytics.funnel.note")}</p>
    </Section>
  );
}
