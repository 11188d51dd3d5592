/**
 * `npm run db:export-to-postgres [-- --to postgres://… ] [--replace]`: copies the embedded
 * database in DATA_DIR into PostgreSQL (DATABASE_URL, or --to), the way from PGlite to
 * PostgreSQL. Stop the server first. Both databases are brought to this version's migrations;
 * the copy is one transaction, checked table by table before it commits. It refuses a target
 * that holds data already, unless --replace (which deletes that data). README: "Moving from the
 * embedded database to PostgreSQL".
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirBusyError, pgliteFolder } from "#app/db/embedded.server.ts";
import { ExportError, exportToPostgres, redactUrl } from "#app/db/export-to-postgres.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

const { values } = parseArgs({
  options: { to: { type: "string" }, replace: { type: "boolean", default: false } },
});
const env = getEnv();
const url = values.to ?? env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(
    "usage: DATABASE_URL=postgres://… npm run db:export-to-postgres  (or -- --to postgres://…) [--replace]",
  );
  process.exit(2);
}
if (!existsSync(path.join(pgliteFolder(env.DATA_DIR), "PG_VERSION"))) {
  console.error(
    `There is no embedded database in ${pgliteFolder(env.DATA_DIR)}: nothing to export.`,
  );
  process.exit(1);
}
console.log(`copying ${pgliteFolder(env.DATA_DIR)} into ${redactUrl(url)}`);
try {
  const started = Date.now();
  const result = await exportToPostgres({
    dataDir: env.DATA_DIR,
    url,
    replace: values.replace,
    progress: ({ table, rows }) =>
      console.log(`  ${table.padEnd(28)} ${String(rows).padStart(9)} rows`),
  });
  const total = result.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `done: ${result.tables.length} tables, ${total} rows, counts checked on both sides, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    [
      "next: start the server with DATABASE_URL set to this database, and keep the same",
      `DATA_ENCRYPTION_KEY (or ${path.resolve(env.DATA_DIR, "encryption.key")}) and BETTER_AUTH_SECRET`,
      "(or auth-secret in DATA_DIR): without the key the ID numbers cannot be read.",
    ].join("\n"),
  );
} catch (error) {
  if (error instanceof ExportError || error instanceof DataDirBusyError) {
    console.error(`export failed, nothing was written: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
