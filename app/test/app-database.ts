import { vi } from "vitest";
import { closeDatabase, getDatabase } from "#app/db/db.server.ts";

/**
 * Opens the application's own database (what getDatabase() gives the routes) on one target:
 * PostgreSQL at `databaseUrl`, or PGlite in memory when it is undefined, with the settings the
 * test needs on top. Migrated here, so the first test's time is its own.
 */
export async function openAppDatabase(
  databaseUrl: string | undefined,
  settings: Record<string, string> = {},
) {
  await closeDatabase();
  vi.stubEnv("DATABASE_URL", databaseUrl ?? "");
  vi.stubEnv("DATA_DIR", "memory://");
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  return getDatabase();
}

/** Closes it and gives the environment back as it was. */
export async function closeAppDatabase() {
  await closeDatabase();
  vi.unstubAllEnvs();
}
