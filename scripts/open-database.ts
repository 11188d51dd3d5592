import { openDatabase } from "#app/db/db.server.ts";
import { DataDirBusyError } from "#app/db/embedded.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

/**
 * The database of DATABASE_URL or DATA_DIR, for a shell command; when the server has the
 * embedded one open, the message says so plainly (no stack trace) and the command ends.
 */
export function openDatabaseForCommand() {
  const env = getEnv();
  try {
    return openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
