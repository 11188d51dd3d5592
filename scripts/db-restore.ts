/**
 * `npm run db:restore -- FILE [--force]`: puts a backup made by `npm run db:backup` back as the
 * embedded database (DATA_DIR/pglite). Stop the server first (this refuses while it runs).
 * Without --force it refuses to replace an existing database; with it, the replaced one is kept
 * aside as DATA_DIR/pglite.replaced-<time>, never deleted. The restored database is migrated to
 * this version and opened once before the command reports success.
 */
import { parseArgs } from "node:util";
import { BackupError, restoreEmbedded } from "#app/db/backup.server.ts";
import { DataDirBusyError } from "#app/db/embedded.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
// `npm run db:restore FILE --force` without the `--`: npm keeps --force for itself and says so
// in npm_config_force; it means the same here.
const force = values.force || process.env.npm_config_force === "true";
if (positionals.length !== 1) {
  console.error("usage: npm run db:restore -- <backup file> [--force]");
  process.exit(2);
}
const env = getEnv();
if (env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: this installation keeps its data in PostgreSQL; restore a pg_dump file with pg_restore (README, Backups).",
  );
  process.exit(2);
}
try {
  const result = await restoreEmbedded({
    dataDir: env.DATA_DIR,
    file: positionals[0]!,
    force,
    encryptionKeyValue: env.DATA_ENCRYPTION_KEY,
  });
  const { summary } = result;
  console.log(`restored ${positionals[0]} into ${env.DATA_DIR}`);
  console.log(
    `  it opens: ${summary.tables} tables, ${summary.applications} applications, ` +
      `${summary.accounts} accounts, migration ${summary.migration}`,
  );
  if (result.keptAside) console.log(`  the database it replaced is kept in ${result.keptAside}`);
  const key = {
    "reads the documents": "  the encryption key reads its ID numbers",
    "no documents": undefined,
    missing:
      "  WARNING: no encryption key (DATA_ENCRYPTION_KEY or DATA_DIR/encryption.key): put back the key of the installation the backup came from, or its ID numbers stay unreadable",
    "does not read the documents":
      "  WARNING: this installation's encryption key does not read the ID numbers in it: put back the key of the installation the backup came from",
  }[result.encryptionKey];
  if (key) console.log(key);
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
