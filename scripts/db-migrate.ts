/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in
 * DATA_DIR. The server does the same at start; with PGlite, run this only while it is stopped
 * (an embedded database belongs to one process at a time).
 */
import { openDatabaseForCommand } from "./open-database.ts";

const database = openDatabaseForCommand();
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
