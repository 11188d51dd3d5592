import type { ReactNode } from "react";
import { Section } from "#app/components/ui/card.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { formatBrl, formatMonth } from "#app/features/statements/money.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { AnalyticsRange } from "./analytics.server.ts";
import { HorizontalBars, StackedColumns } from "./charts.tsx";
import type { Cell, ManagerTable, ManagerTableId } from "./manager-tables.server.ts";

/** The manager's tables (issue 31) in the order the page shows them, under four headings. */
const groups: { id: string; tables: ManagerTableId[] }[] = [
  { id: "pace", tables: ["decision-time", "backlog", "reviewers", "reviewer-days"] },
  { id: "quality", tables: ["approval", "reasons", "cohort"] },
  { id: "onboarding", tables: ["onboarding", "overdue"] },
  { id: "money", tables: ["money", "models"] },
];

/** A cell as her language writes it. */
export function useCellFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const oneDecimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  return (cell: Cell): string => {
    if (cell.value === null) return "—";
    if (cell.kind === "text") return String(cell.value);
    if (cell.kind === "date") return day.format(new Date(`${cell.value}T12:00:00Z`));
    if (cell.kind === "month") return formatMonth(String(cell.value), language, "short");
    const value = Number(cell.value);
    if (cell.kind === "money") return formatBrl(value, language);
    if (cell.kind === "percent") return percent.format(value);
    if (cell.kind === "days")
      return t("admin.manager.days", { count: value, value: oneDecimal.format(value) });
    return number.format(value);
  };
}

type Row = { key: number; cells: Cell[] };

/** The picture above a table, for the eye only (the table says the same). */
function chartOf(table: ManagerTable, show: (cell: Cell) => string): ReactNode {
  if (table.rows.length === 0) return null;
  const format = (value: number) => new Intl.NumberFormat().format(value);
  if (table.id === "backlog" && table.rows.length > 1) {
    return (
      <div className="mt-4">
        <StackedColumns
          buckets={table.rows.map((row, index) => ({
            key: String(index),
            label: show(row[0]!),
            values: { waiting: Number(row[1]!.value) },
          }))}
          series={[{ key: "waiting", className: "fill-brand-600" }]}
          format={format}
        />
      </div>
    );
  }
  if (table.id === "cohort" || table.id === "reviewers") {
    return (
      <div className="mt-4">
        <HorizontalBars
          data={table.rows.map((row, index) => ({
            key: String(index),
            label: show(row[0]!),
            value: Number(row[table.id === "cohort" ? 1 : 3]!.value),
          }))}
          format={format}
          labelWidth={150}
        />
      </div>
    );
  }
  return null;
}

function ManagerTableSection({ table, query }: { table: ManagerTable; query: string }) {
  const { t } = useTranslation();
  const show = useCellFormat();
  const caption =
    table.id === "reasons" ? t("admin.reasons.byReason") : t(`admin.manager.tables.${table.id}`);
  const columns: Column<Row>[] = table.columns.map((header, index) => ({
    key: String(index),
    header,
    rowHeader: index === 0,
    numeric: index > 0 && table.rows.some((row) => !["text", "date"].includes(row[index]!.kind)),
    cell: (row) => show(row.cells[index]!),
  }));
  return (
    <Section
      id={`manager-${table.id}`}
      title={caption}
      landmark={false}
      level={3}
      className="mt-6 min-w-0"
      actions={
        <a
          href={`/admin/analytics/csv/${table.id}?${query}`}
          download
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          <Icon name="download" className="size-4" />
          {t("admin.manager.csv")}
          <span className="sr-only">{` (${caption})`}</span>
        </a>
      }
    >
      <DataTable
        caption={caption}
        columns={columns}
        rows={table.rows.map((cells, key) => ({ key, cells }))}
        rowKey={(row) => row.key}
        empty={t("admin.manager.none")}
        tableClassName="[&>thead_th]:whitespace-normal"
        chart={chartOf(table, show)}
      />
      {table.notes?.map((note) => (
        <p key={note} className="mt-3 text-xs text-ink-500">
          {note}
        </p>
      ))}
    </Section>
  );
}

/** Every table of the manager's analytics, each with its previous period and its CSV file. */
export function ManagerSections({
  tables,
  range,
}: {
  tables: readonly ManagerTable[];
  range: AnalyticsRange;
}) {
  const { t } = useTranslation();
  const query = new URLSearchParams({
    from: range.from,
    to: range.to,
    group: range.group,
  }).toString();
  const byId = new Map(tables.map((table) => [table.id, table]));
  return (
    <>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`manager-${group.id}-heading`} className="mt-10">
          <h2 id={`manager-${group.id}-heading`} className="text-2xl font-semibold tracking-tight">
            {t(`admin.manager.groups.${group.id}.title`)}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-ink-600">
            {t(`admin.manager.groups.${group.id}.intro`)}
          </p>
          {/* Side by side only the narrow tables: the others have five or six columns. */}
          <div className={group.id === "onboarding" ? "grid gap-x-8 xl:grid-cols-2" : ""}>
            {group.tables.map((id) => {
              const table = byId.get(id);
              return table ? <ManagerTableSection key={id} table={table} query={query} /> : null;
            })}
          </div>
        </section>
      ))}
    </>
  );
}
