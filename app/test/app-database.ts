import { vi } from "vitest";
import { closeDatabase, getDatabase } from "#app/db/db.server.ts";
import { copyDatabase, type DatabaseCopy, type DatabaseKind } from "./databases.ts";

let copy: DatabaseCopy | undefined;

/**
 * Opens the application's own database (what getDatabase() gives the routes) on a migrated copy
 * of one target (app/test/databases.ts), or on the PostgreSQL database at `url` (a fault
 * proxy's), with the settings the test needs on top. Ready here, so the first test's time is
 * its own.
 */
export async function openAppDatabase(
  target: DatabaseKind | { url: string },
  settings: Record<string, string> = {},
) {
  await closeDatabase();
  await dropCopy();
  copy = typeof target === "string" ? await copyDatabase(target) : undefined;
  const url = typeof target === "string" ? copy?.url : target.url;
  vi.stubEnv("DATABASE_URL", url ?? "");
  vi.stubEnv("DATA_DIR", "memory://");
  vi.stubEnv("DATA_DIR_FROM", copy?.loadFrom ?? "");
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  return getDatabase();
}

/** Closes it, drops its copy and gives the environment back as it was. */
export async function closeAppDatabase() {
  await closeDatabase();
  await dropCopy();
  vi.unstubAllEnvs();
}

async function dropCopy() {
  const dropped = copy;
  copy = undefined;
  await dropped?.drop();
}
