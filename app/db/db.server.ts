import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { sql } from "drizzle-orm";
import pg from "pg";
import { getEnv } from "#app/utils/env.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import {
  lockDataDir,
  makeDataDirPrivate,
  pgliteExtensions,
  pgliteFolder,
} from "./embedded.server.ts";
import * as schema from "./schema.server.ts";

/** The typed query layer, the same for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A drizzle transaction on the application's schema. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a function that only reads needs of the database (a transaction will do). */
export type Reader = Pick<Database, "select">;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the SQL migrations in drizzle/ that this database has not seen yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's own client (backups, the export to PostgreSQL). */
  pglite?: PGlite;
}

// Two levels up from app/db/ in the sources and from build/server/ in a build: the project root.
/** The SQL migrations (drizzle/), which the build does not bundle. */
export const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * Opens a database: PostgreSQL when a postgres:// URL is given, otherwise PGlite, embedded and
 * persisted in `dataDir` ("memory://" keeps it in memory, for tests).
 */
export function openDatabase(options: {
  url?: string;
  dataDir: string;
  /** Who opens an embedded database, named to whoever its lock then refuses. */
  purpose?: string;
  /**
   * An embedded database in memory starts as a copy of this one (a tarball of PGlite's
   * dumpDataDir) instead of empty: the unit tests migrate once and give each file a copy.
   */
  loadFrom?: string;
}): DatabaseHandle {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // An unreachable server fails a request in seconds instead of holding it.
      connectionTimeoutMillis: 5_000,
    });
    // A pooled connection that breaks while idle (a database restart, a proxy's timeout) is
    // dropped and replaced; unhandled, its error would end the process.
    pool.on("error", (error) => logger().warn({ event: "db.idle-connection-lost", err: error }));
    // The pool listens only while a connection is idle. One lost while checked out (in a
    // transaction, between two statements) fails its next query, but pg also raises the loss as
    // an "error" event, which with no listener would end the process: a database restart would
    // take the server down with it.
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = drizzleNodePostgres(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: () => migrateOnce(options.url!, () => migrateNodePostgres(db, { migrationsFolder })),
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir === "memory://";
  const location = inMemory ? "memory://" : pgliteFolder(options.dataDir);
  // PGlite lets a second process open the same folder and silently lose its writes: refuse.
  const unlock = inMemory
    ? () => undefined
    : lockDataDir(options.dataDir, options.purpose ?? "the server");
  let client: PGlite;
  try {
    if (!inMemory) mkdirSync(location, { recursive: true });
    client =
      inMemory && options.loadFrom
        ? new PGlite(location, {
            loadDataDir: new Blob([readFileSync(options.loadFrom)]),
            extensions: pgliteExtensions,
          })
        : new PGlite(location, { extensions: pgliteExtensions });
  } catch (error) {
    unlock();
    throw error;
  }
  if (!inMemory) {
    // PGlite's first start writes the initial database with modes of its own (0666): tightened
    // as soon as it is ready, before any query is answered. (The lock made DATA_DIR 0700.)
    void client.waitReady.then(
      () => makeDataDirPrivate(options.dataDir),
      () => undefined,
    );
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close().finally(unlock),
  };
}

/** Any fixed number: the key of the advisory lock that instances take to migrate. */
const MIGRATION_LOCK = 7_413_209;

/**
 * Runs the migrations while holding a PostgreSQL advisory lock, so that instances starting
 * together migrate one after the other: the first applies them, the others then find nothing
 * to do (two migrators at once would both try to create the same tables).
 */
async function migrateOnce(url: string, migrate: () => Promise<void>) {
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  lock.on("error", () => undefined); // a lost lock session fails the query below instead
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // Ending the session releases the lock, also when the migration failed.
    await lock.end();
  }
}

let current: { handle: DatabaseHandle; ready: Promise<void> } | undefined;

/**
 * The application's database, opened once per process from DATABASE_URL or DATA_DIR, with its
 * migrations applied before the first query. PGlite allows one process per data folder.
 */
export async function getDatabase(): Promise<Database> {
  if (!current) {
    const env = getEnv();
    const handle = openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      loadFrom: env.DATA_DIR_FROM,
    });
    current = { handle, ready: handle.migrate() };
  }
  await current.ready;
  return current.handle.db;
}

export async function closeDatabase() {
  const open = current;
  current = undefined;
  if (open) {
    await open.ready.catch(() => undefined);
    await open.handle.close();
  }
}

let newestMigration: { tag: string; when: number } | undefined;

/**
 * The newest migration in drizzle/, by the time stamp the migrator records for it; read once
 * (the folder belongs to the build), not on every /readyz.
 */
function latestMigration(): { tag: string; when: number } {
  newestMigration ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    }
  ).entries.at(-1)!;
  return newestMigration;
}

export type Readiness =
  | { ready: true; database: "reachable"; migrations: "current" }
  | { ready: false; database: "reachable"; migrations: "behind"; expected: string }
  | { ready: false; database: "unreachable" };

/**
 * Whether this process can serve: its database answers within `timeoutMs` and has every
 * migration of this build applied (Drizzle's migrator records each one's time stamp).
 */
export async function checkReadiness(timeoutMs = 2_000): Promise<Readiness> {
  const expected = latestMigration();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), timeoutMs);
  });
  try {
    const result = await Promise.race([
      getDatabase().then((db) =>
        db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
      ),
      timeout,
    ]);
    const latest = Number((result as unknown as { rows: { latest: unknown }[] }).rows[0]?.latest);
    return latest >= expected.when
      ? { ready: true, database: "reachable", migrations: "current" }
      : { ready: false, database: "reachable", migrations: "behind", expected: expected.tag };
  } catch (error) {
    logger().warn({ event: "db.not-ready", err: error });
    return { ready: false, database: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}
