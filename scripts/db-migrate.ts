/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in
 * DATA_DIR. The server does the same at start; with PGlite, run this only while it is stopped
 * (an embedded database belongs to one process at a time).
 */
import { openDatabase } from "../app/db/db.server.ts";
import { DataDirBusyError } from "../app/db/embedded.server.ts";
import { getEnv } from "../app/utils/env.server.ts";

const env = getEnv();
/** The database, or a clear message (no stack trace) when the server has it open. */
function openOrExplain() {
  try {
    return openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const database = openOrExplain();
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
