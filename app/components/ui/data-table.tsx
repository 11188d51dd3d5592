import type { Key, ReactNode } from "react";
import { EmptyRow, Table, Td, Th } from "./table.tsx";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The cell that names its row (a `<th scope="row">`), e.g. a week or a country. */
  rowHeader?: boolean;
}

/**
 * A table made from rows and the columns to show of them; with `chart`, the chart above it. A
 * chart is drawn for the eye only (aria-hidden): the table below says the same to a screen
 * reader and to anyone who wants the exact figures. `footer` is one more row, shown by the same
 * columns in the table's footer (the rows' total).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  chart,
  footer,
  density = "compact",
  className,
  tableClassName,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in the table when there are no rows. */
  empty: ReactNode;
  chart?: ReactNode;
  footer?: Row;
  density?: "comfortable" | "compact";
  className?: string;
  tableClassName?: string;
}) {
  return (
    <>
      {chart}
      <Table
        caption={caption}
        density={density}
        className={className ?? "mt-4"}
        tableClassName={tableClassName}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <Th key={column.key} numeric={column.numeric}>
                {column.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={columns.length}>{empty}</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                <Cells columns={columns} row={row} />
              </tr>
            ))
          )}
        </tbody>
        {footer ? (
          <tfoot>
            <tr>
              <Cells columns={columns} row={footer} />
            </tr>
          </tfoot>
        ) : null}
      </Table>
    </>
  );
}

function Cells<Row>({ columns, row }: { columns: readonly Column<Row>[]; row: Row }) {
  return columns.map((column) =>
    column.rowHeader ? (
      <Th key={column.key} row numeric={column.numeric}>
        {column.cell(row)}
      </Th>
    ) : (
      <Td key={column.key} numeric={column.numeric}>
        {column.cell(row)}
      </Td>
    ),
  );
}

/** A chart with its title and legend on lines of their own, so side-by-side charts start level. */
export function ChartFigure({
  title,
  legend,
  children,
}: {
  title: ReactNode;
  legend?: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure>
      <figcaption>
        <span className="block text-sm font-semibold text-ink-900">{title}</span>
        {legend ? <div className="mt-1.5">{legend}</div> : null}
      </figcaption>
      <div className="mt-3">{children}</div>
    </figure>
  );
}
