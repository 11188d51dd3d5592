/**
 * `npm run db:backup [-- --out FILE|FOLDER]`: copies the embedded database (DATA_DIR/pglite)
 * into one file, by default DATA_DIR/backups/mare-pglite-<UTC time>.tar.gz, and prints its path
 * and size. Stop the server first: the embedded database belongs to one process at a time, and
 * this refuses while the server has it open. With DATABASE_URL set the data is in PostgreSQL,
 * which pg_dump backs up (README, Backups).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, backupEmbedded } from "#app/db/backup.server.ts";
import { DataDirBusyError } from "#app/db/embedded.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

function formatBytes(bytes: number) {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const { values } = parseArgs({ options: { out: { type: "string" } } });
const env = getEnv();
if (env.DATABASE_URL) {
  console.error(
    [
      "DATABASE_URL is set: this installation keeps its data in PostgreSQL, which this command does not back up.",
      "Back it up with PostgreSQL's own tools, for example:",
      '  pg_dump -Fc --dbname="$DATABASE_URL" --file=mare-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump',
      "and restore with pg_restore (README, Backups).",
    ].join("\n"),
  );
  process.exit(2);
}
try {
  const result = await backupEmbedded({ dataDir: env.DATA_DIR, out: values.out });
  const { summary } = result;
  console.log(`backup written: ${result.file} (${formatBytes(result.bytes)})`);
  console.log(
    `  checked: it opens, ${summary.tables} tables, ${summary.applications} applications, ` +
      `${summary.accounts} accounts, migration ${summary.migration}`,
  );
  // The key is left out on purpose: a backup that leaked would otherwise give the documents away.
  const keyFile = path.resolve(env.DATA_DIR, "encryption.key");
  if (env.DATA_ENCRYPTION_KEY) {
    console.log(
      "  its ID numbers can only be read with DATA_ENCRYPTION_KEY: keep that key safe, apart from the backups",
    );
  } else if (existsSync(keyFile)) {
    console.log(
      `  its ID numbers can only be read with ${keyFile}: keep a copy of that key safe, apart from the backups`,
    );
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
