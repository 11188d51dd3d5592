import { Link } from "react-router";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { ChartFigure, DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { StackedColumns } from "#app/features/analytics/charts.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { StatementStateBadge, StatementTable } from "./admin-statement.tsx";
import { formatBrl, formatMonth } from "./money.ts";
import type { Statement } from "./statements.server.ts";

/** Her statements, newest first: the chart and its table, then each month with its downloads. */
export function HerStatements({ statements }: { statements: Statement[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatBrl(cents, language);
  const chronological = [...statements].reverse();
  const columns: Column<Statement>[] = [
    {
      key: "month",
      header: t("statements.model.columns.month"),
      rowHeader: true,
      cell: (s) => formatMonth(s.month, language, "short"),
    },
    {
      key: "gross",
      header: t("statements.model.columns.gross"),
      numeric: true,
      cell: (s) => money(s.totals.grossCents),
    },
    {
      key: "agency",
      header: t("statements.model.columns.agency"),
      numeric: true,
      cell: (s) => money(s.totals.agencyCents),
    },
    {
      key: "net",
      header: t("statements.model.columns.net"),
      numeric: true,
      cell: (s) => money(s.totals.netCents),
    },
  ];
  // The axis in reais, compact and without the currency (it would not fit a phone's margin);
  // the exact figures are in the table beside it.
  const tick = new Intl.NumberFormat(language, { notation: "compact", maximumFractionDigits: 1 });
  return (
    <AreaShell>
      <Link
        to="/dashboard/model"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Icon name="arrow-left" />
        {t("statements.model.back")}
      </Link>
      <header className="mt-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {t("statements.model.title")}
        </h1>
        <p className="mt-2 max-w-2xl text-ink-600">{t("statements.model.intro")}</p>
      </header>

      {statements.length === 0 ? (
        <EmptyState className="mt-8">{t("statements.model.empty")}</EmptyState>
      ) : (
        <div className="mt-8 space-y-6">
          <Section id="statements-over-time" title={t("statements.model.overTime")}>
            <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
              <ChartFigure
                title={t("statements.model.chart")}
                legend={
                  <ul
                    aria-hidden="true"
                    className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600"
                  >
                    <li className="flex items-center gap-1.5">
                      <span className="size-3 rounded-sm bg-brand-600" />
                      {t("statements.model.columns.net")}
                    </li>
                    <li className="flex items-center gap-1.5">
                      <span className="size-3 rounded-sm bg-sand-300" />
                      {t("statements.model.columns.agency")}
                    </li>
                  </ul>
                }
              >
                <StackedColumns
                  buckets={chronological.map((s) => ({
                    key: s.month,
                    label: formatMonth(s.month, language, "short"),
                    // A picture only: a month below zero (a correction) is drawn empty.
                    values: {
                      net: Math.max(0, s.totals.netCents),
                      agency: Math.max(0, s.totals.agencyCents),
                    },
                  }))}
                  series={[
                    { key: "net", className: "fill-brand-600" },
                    { key: "agency", className: "fill-sand-300" },
                  ]}
                  format={(cents) => tick.format(cents / 100)}
                  width={400}
                  height={220}
                />
              </ChartFigure>
              <DataTable
                caption={t("statements.model.tableCaption")}
                columns={columns}
                rows={statements}
                rowKey={(s) => s.id}
                empty={t("statements.model.empty")}
              />
            </div>
          </Section>

          {statements.map((statement) => (
            <MonthSection key={statement.id} statement={statement} />
          ))}
        </div>
      )}
    </AreaShell>
  );
}

/** One month: its lines and figures, its payout, its PDF and CSV. */
function MonthSection({ statement }: { statement: Statement }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatBrl(cents, language);
  const month = formatMonth(statement.month, language);
  return (
    <Section
      id={`statement-${statement.id}`}
      title={month}
      actions={<StatementStateBadge state="published" payoutState={statement.payoutState} />}
    >
      <div className="mt-4">
        <StatementTable
          statement={statement}
          caption={t("statements.model.linesCaption", { month })}
          netLabel="statements.model.columns.net"
        />
      </div>
      <p className="mt-3 text-sm text-ink-600">
        {statement.payoutState === "paid"
          ? t("statements.model.paid", {
              date: new Intl.DateTimeFormat(language, {
                dateStyle: "long",
                timeZone: "UTC",
              }).format(new Date(`${statement.paidOn}T00:00:00Z`)),
              amount: money(statement.paidCents ?? 0),
            })
          : t("statements.model.pending")}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={`/dashboard/model/statements/${statement.id}/pdf`}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
          download
        >
          <Icon name="download" />
          {t("statements.model.downloadPdf")}
          <span className="sr-only"> ({month})</span>
        </a>
        <a
          href={`/dashboard/model/statements/${statement.id}/csv`}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
          download
        >
          <Icon name="download" />
          {t("statements.model.downloadCsv")}
          <span className="sr-only"> ({month})</span>
        </a>
      </div>
    </Section>
  );
}
