import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "./db.server.ts";

/**
 * The way from the embedded database to PostgreSQL (`npm run db:export-to-postgres`): every
 * table of the PGlite database in DATA_DIR is copied into a PostgreSQL database that has this
 * version's migrations and no data yet, in one transaction (all or nothing).
 *
 * The tables and their columns come from the embedded database's catalogs, not from a list
 * kept here, so a table added later is copied without anyone remembering to. Values travel as
 * PostgreSQL's own text form, which both ends read exactly (timestamps keep their microseconds,
 * numerics their digits, JSON its content). Parents are copied before children (foreign keys);
 * user triggers are switched off while copying, so the status counts come over as they were
 * instead of being counted a second time; identity sequences then continue after the highest id.
 */

export class ExportError extends Error {
  override name = "ExportError";
}

export interface TableReport {
  table: string;
  rows: number;
}

export interface ExportResult {
  tables: TableReport[];
  /** Whether the target's existing rows were deleted first (`replace`). */
  replaced: boolean;
}

interface Column {
  name: string;
  /** An identity or serial column, whose sequence must continue after the copied ids. */
  sequenced: boolean;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables the migrations themselves fill (the site's first content, migration 0012): a new
 * database holds their rows before anyone used it. They do not make it "already in use"; they
 * are emptied and take the embedded database's content, which began as the same rows.
 */
const FILLED_BY_MIGRATIONS = new Set([
  "blog_posts",
  "blog_translations",
  "images",
  "image_variants",
  "home_items",
  "onboarding_steps",
]);

/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 65_000;

/** The connection string with its password hidden, for messages. */
export function redactUrl(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(the connection string)";
  }
}

async function sourceTables(client: PGlite) {
  const { rows } = await client.query<{ table: string; column: string; sequenced: boolean }>(
    `select c.relname as table, a.attname as column,
            (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%')
              as sequenced
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, Column[]>();
  for (const row of rows) {
    const columns = tables.get(row.table) ?? [];
    columns.push({ name: row.column, sequenced: row.sequenced });
    tables.set(row.table, columns);
  }
  const references = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  return { tables, order: parentsFirst([...tables.keys()], references.rows) };
}

/** The tables ordered so that every table comes after the tables its foreign keys point to. */
export function parentsFirst(tables: string[], references: { child: string; parent: string }[]) {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === "done") return;
    if (state.get(table) === "visiting") {
      throw new ExportError(`foreign keys form a cycle (${[...path, table].join(" → ")})`);
    }
    state.set(table, "visiting");
    for (const { child, parent } of references) {
      if (child === table && parent !== table) visit(parent, [...path, table]);
    }
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

async function targetColumns(client: pg.Client) {
  const { rows } = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''`,
  );
  const tables = new Map<string, Set<string>>();
  for (const row of rows) {
    tables.set(row.table, (tables.get(row.table) ?? new Set()).add(row.column));
  }
  return tables;
}

/** The target must have the very tables and columns of the source: the same migrations. */
function compareShapes(source: Map<string, Column[]>, target: Map<string, Set<string>>) {
  const problems: string[] = [];
  for (const [table, columns] of source) {
    const there = target.get(table);
    if (!there) {
      problems.push(`table ${table} is missing in PostgreSQL`);
      continue;
    }
    const missing = columns.filter((column) => !there.has(column.name)).map((c) => c.name);
    if (missing.length) problems.push(`${table} lacks ${missing.join(", ")} in PostgreSQL`);
    const extra = [...there].filter((name) => !columns.some((column) => column.name === name));
    if (extra.length) problems.push(`${table} has ${extra.join(", ")} only in PostgreSQL`);
  }
  for (const table of target.keys()) {
    if (!source.has(table)) problems.push(`table ${table} exists only in PostgreSQL`);
  }
  if (problems.length) {
    throw new ExportError(
      `the two databases differ in shape (are both on this version's migrations?): ${problems.join("; ")}`,
    );
  }
}

/**
 * Copies the embedded database in `dataDir` into the PostgreSQL database at `url`.
 * Both are first brought to this version's migrations. Refuses when the target already holds
 * rows, unless `replace`, which empties its tables in the same transaction.
 */
export async function exportToPostgres(options: {
  dataDir: string;
  url: string;
  replace?: boolean;
  /** Rows per INSERT (fewer when a table has many columns). */
  batchSize?: number;
  /** Told each table as it is copied. */
  progress?: (report: TableReport) => void;
}): Promise<ExportResult> {
  const batchSize = options.batchSize ?? 500;
  const source = openDatabase({
    dataDir: options.dataDir,
    purpose: "the export to PostgreSQL (npm run db:export-to-postgres)",
  });
  try {
    await source.migrate();
    const target = openDatabase({ url: options.url, dataDir: options.dataDir });
    try {
      await target.migrate();
    } catch (error) {
      throw new ExportError(
        `could not prepare ${redactUrl(options.url)} (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      await target.close();
    }

    const pglite = source.pglite!;
    const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return await copy(pglite, client, { ...options, batchSize });
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}

async function copy(
  pglite: PGlite,
  client: pg.Client,
  options: { replace?: boolean; batchSize: number; progress?: (report: TableReport) => void },
): Promise<ExportResult> {
  const { tables, order } = await sourceTables(pglite);
  compareShapes(tables, await targetColumns(client));

  // One snapshot of the source for every table (nothing else has it open: the lock).
  await pglite.exec("begin isolation level repeatable read read only");
  await client.query("begin");
  try {
    const filled: string[] = [];
    let seeded = false;
    for (const table of order) {
      const { rows } = await client.query(`select exists (select from ${quote(table)}) as filled`);
      if (!rows[0].filled) continue;
      if (FILLED_BY_MIGRATIONS.has(table)) seeded = true;
      else filled.push(table);
    }
    if (filled.length && !options.replace) {
      throw new ExportError(
        `the PostgreSQL database already holds data (in ${filled.join(", ")}); ` +
          `export into an empty database, or add --replace to delete its rows first`,
      );
    }
    if (filled.length || seeded) {
      await client.query(`truncate ${order.map(quote).join(", ")} restart identity cascade`);
    }
    for (const table of order) {
      await client.query(`alter table ${quote(table)} disable trigger user`);
    }

    const report: TableReport[] = [];
    for (const table of order) {
      const columns = tables.get(table)!;
      const rows = await copyTable(pglite, client, table, columns, options.batchSize);
      await continueSequences(client, table, columns);
      report.push({ table, rows });
      options.progress?.({ table, rows });
    }

    for (const table of order) {
      await client.query(`alter table ${quote(table)} enable trigger user`);
    }
    // Counted again on both sides before committing: any difference undoes the whole copy.
    const differences: string[] = [];
    for (const { table } of report) {
      const [there, here] = await Promise.all([
        client.query(`select count(*)::bigint as n from ${quote(table)}`),
        pglite.query<{ n: string }>(`select count(*)::text as n from ${quote(table)}`),
      ]);
      const expected = Number(here.rows[0]!.n);
      const copied = Number(there.rows[0].n);
      if (copied !== expected) differences.push(`${table}: ${copied} of ${expected}`);
    }
    if (differences.length) {
      throw new ExportError(`row counts differ after copying (${differences.join("; ")})`);
    }
    await client.query("commit");
    return { tables: report, replaced: filled.length > 0 };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await pglite.exec("rollback").catch(() => undefined);
  }
}

async function copyTable(
  pglite: PGlite,
  client: pg.Client,
  table: string,
  columns: Column[],
  batchSize: number,
) {
  const names = columns.map((column) => quote(column.name)).join(", ");
  const rowsPerInsert = Math.max(
    1,
    Math.min(batchSize, Math.floor(MAX_PARAMETERS / columns.length)),
  );
  // OVERRIDING SYSTEM VALUE: the ids are copied as they are, also into GENERATED ALWAYS columns.
  const overriding = columns.some((column) => column.sequenced) ? " overriding system value" : "";
  const cursor = `export_${table.replace(/\W/g, "_")}`;
  await pglite.exec(
    `declare ${cursor} no scroll cursor for select ${columns
      .map((column) => `${quote(column.name)}::text`)
      .join(", ")} from ${quote(table)}`,
  );
  let copied = 0;
  try {
    for (;;) {
      const batch = await pglite.query<unknown[]>(
        `fetch forward ${rowsPerInsert} from ${cursor}`,
        [],
        {
          rowMode: "array",
        },
      );
      if (batch.rows.length === 0) break;
      const values: unknown[] = [];
      const tuples = batch.rows.map((row) => {
        const placeholders = row.map((value) => {
          values.push(value);
          return `$${values.length}`;
        });
        return `(${placeholders.join(", ")})`;
      });
      await client.query(
        `insert into ${quote(table)} (${names})${overriding} values ${tuples.join(", ")}`,
        values,
      );
      copied += batch.rows.length;
    }
  } finally {
    await pglite.exec(`close ${cursor}`);
  }
  return copied;
}

/** Sets each identity or serial sequence to the highest copied id, so new rows do not collide. */
async function continueSequences(client: pg.Client, table: string, columns: Column[]) {
  for (const column of columns.filter((c) => c.sequenced)) {
    await client.query(
      `select setval(seq::regclass, coalesce(highest, 1), highest is not null)
         from (select pg_get_serial_sequence($1, $2) as seq,
                      (select max(${quote(column.name)}) from ${quote(table)}) as highest) s
        where seq is not null`,
      [quote(table), column.name],
    );
  }
}
