import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { postgresAdmin, postgresBaseUrl, postgresUrlOf } from "./postgres-admin.ts";

/**
 * The databases the database tests run on, and a fresh copy of each for a test file. The
 * migrations ran once for the whole run (app/test/global-setup.ts); a copy is already migrated.
 */

export type DatabaseKind = "pglite" | "postgres";

/** Whether a PostgreSQL server is given (TEST_DATABASE_URL; CI sets one). */
export const hasPostgres = postgresBaseUrl() !== undefined;

/** PGlite always; PostgreSQL as well when a test database is given. */
export const databaseTargets: [name: string, kind: DatabaseKind][] = [["PGlite", "pglite"]];
if (hasPostgres) databaseTargets.push(["PostgreSQL", "postgres"]);

/**
 * One database for the tests that drive whole routes with hostile input or play an attack
 * through them (the fuzz of every route, return paths, the sign-in lockout, the account and
 * session attacks, mail links, stored markup, uploads): what they check is in the routes, and
 * PGlite is PostgreSQL's own engine, so running them twice doubled their minutes and found
 * nothing the one run does not; the data layer's own tests keep both. PostgreSQL when given
 * (CI, and production's other half), else PGlite.
 */
export const routeTestTargets: [name: string, kind: DatabaseKind][] = [databaseTargets.at(-1)!];

/** What openDatabase needs to open a copy, and how to throw it away. */
export interface DatabaseCopy {
  url?: string;
  dataDir: "memory://";
  loadFrom?: string;
  drop(): Promise<void>;
}

/**
 * A migrated database of the caller's own: an embedded one in memory loaded from the run's
 * tarball, or a PostgreSQL database made from the run's template (dropped by `drop()`, or at
 * the end of the run at the latest).
 */
export function copyDatabase(kind: DatabaseKind): Promise<DatabaseCopy> {
  return kind === "pglite"
    ? Promise.resolve({ dataDir: "memory://", loadFrom: inject("pgliteTemplate"), drop: noop })
    : newPostgresDatabase(true);
}

/**
 * A database without any migration applied, for the tests of the migrations themselves
 * (dropped like a copy).
 */
export function emptyDatabase(kind: DatabaseKind): Promise<DatabaseCopy> {
  return kind === "pglite"
    ? Promise.resolve({ dataDir: "memory://", drop: noop })
    : newPostgresDatabase(false);
}

const noop = async () => {};

async function newPostgresDatabase(migrated: boolean): Promise<DatabaseCopy> {
  const baseUrl = postgresBaseUrl();
  const template = inject("postgresTemplate");
  if (!baseUrl || !template) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
  // Named after the run's template, so that the run's end drops whatever a file left behind.
  const name = `${template}_${randomBytes(4).toString("hex")}`;
  await postgresAdmin(
    baseUrl,
    migrated ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  return {
    url: postgresUrlOf(baseUrl, name),
    dataDir: "memory://",
    drop: async () => {
      await postgresAdmin(baseUrl, `drop database ${name} with (force)`);
    },
  };
}

/**
 * Opens a migrated copy of its own, ready (so that the first test's time is its own); closing
 * it drops it.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  const copy = await copyDatabase(kind);
  const handle = openDatabase(copy);
  await handle.db.execute(sql`select 1`);
  return { ...handle, close: () => handle.close().finally(copy.drop) };
}
