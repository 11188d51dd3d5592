import { vi } from "vitest";
import { closeDatabase, getDatabase } from "#app/db/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { copyDatabase, type DatabaseCopy, type DatabaseKind } from "./databases.ts";

let copy: DatabaseCopy | undefined;

/**
 * Where the routes under test are served from, for every file. No server listens there: the
 * routes and Better Auth only build their own origin (mail links, trusted origins) from HOST and
 * PORT, so one origin serves every file at once.
 */
export const TEST_ORIGIN = "http://127.0.0.1:3999";

/**
 * A server at TEST_ORIGIN with no public origin, no administrator's address and no Google
 * sign-in, whatever the developer's environment says (an empty value is an unset one). A test
 * spreads its own settings after these.
 */
export const TEST_SERVER_SETTINGS: Readonly<Record<string, string>> = {
  HOST: new URL(TEST_ORIGIN).hostname,
  PORT: new URL(TEST_ORIGIN).port,
  PUBLIC_ORIGIN: "",
  ADMIN_EMAIL: "",
  GOOGLE_CLIENT_ID: "",
  GOOGLE_CLIENT_SECRET: "",
};

/**
 * Those settings as the server reads them, for a test that builds Better Auth on a database of
 * its own (createAuthFor) rather than opening the app's.
 */
export const testServerEnv = () => getEnv({ DATA_DIR: "memory://", ...TEST_SERVER_SETTINGS });

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
