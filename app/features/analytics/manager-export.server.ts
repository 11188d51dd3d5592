import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { centsAsDecimal } from "#app/features/statements/money.ts";
import { csvStream, type CsvColumn } from "#app/utils/csv.server.ts";
import type { AnalyticsRange } from "./analytics.server.ts";
import type { Cell, ManagerTable } from "./manager-tables.server.ts";

/**
 * A cell as a Portuguese spreadsheet reads it: a decimal comma (days "2,5", a percentage
 * "66,7", cents "1234,56"), days as YYYY-MM-DD, counts as numbers; text goes through csvCell,
 * which neutralises anything a spreadsheet would run as a formula.
 */
export function csvValue(cell: Cell): string | number | null {
  if (cell.value === null) return null;
  switch (cell.kind) {
    case "count":
      return Number(cell.value);
    case "money":
      return centsAsDecimal(Number(cell.value));
    case "days":
      return String(cell.value).replace(".", ",");
    case "percent":
      return String(Math.round(Number(cell.value) * 1000) / 10).replace(".", ",");
    default:
      return String(cell.value);
  }
}

/** One table as a CSV file, its export written to the access log first (who took what). */
export async function managerTableCsv(
  db: Database,
  table: ManagerTable,
  range: AnalyticsRange,
  actor: Actor,
): Promise<ReadableStream<Uint8Array>> {
  await recordAccess(db, "analytics.export", {
    actor,
    subject: `analytics:${table.id}`,
    details: { table: table.id, from: range.from, to: range.to },
  });
  const columns: CsvColumn<Cell[]>[] = table.columns.map(
    (name, index) => [name, (row: Cell[]) => csvValue(row[index]!)] as const,
  );
  async function* rows() {
    yield* table.rows;
  }
  return csvStream(columns, rows());
}
