import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, rmdir, readdir } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { decrypt, loadEncryptionKey } from "#app/utils/encryption.server.ts";
import { migrationsFolder, openDatabase } from "./db.server.ts";
import { lockDataDir, pgliteExtensions, pgliteFolder } from "./embedded.server.ts";

/**
 * Backups of the embedded database (`npm run db:backup`, `npm run db:restore`): one file, the
 * PGlite data folder as a gzipped tarball (PGlite's own dumpDataDir format), taken while this
 * process holds the folder's lock, so never from under a running server.
 */

/** A refusal or a failure the operator can act on; the scripts print its message alone. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** A moment as it can stand in a file name on every system: 2026-05-01T10-20-30Z. */
export function fileStamp(when: Date) {
  return when
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}

export function defaultBackupFolder(dataDir: string) {
  return path.resolve(dataDir, "backups");
}

function hasDatabase(folder: string) {
  return existsSync(path.join(folder, "PG_VERSION"));
}

export interface DatabaseSummary {
  /** The newest migration applied, by its name in drizzle/ (e.g. 0008_privacy_and_portal). */
  migration: string;
  tables: number;
  applications: number;
  accounts: number;
}

async function summarize(client: PGlite): Promise<DatabaseSummary> {
  const migrations = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!migrations.rows[0]?.present) {
    throw new BackupError(
      "it holds a database, but not Maré Talent's (no migrations table): not a backup of this app",
    );
  }
  const { rows } = await client.query<{
    latest: string | null;
    tables: number;
    applications: number;
    accounts: number;
  }>(
    `select (select max(created_at) from drizzle.__drizzle_migrations)::text as latest,
            (select count(*)::int from pg_tables where schemaname = 'public') as tables,
            (select count(*)::int from submissions) as applications,
            (select count(*)::int from "user") as accounts`,
  );
  const row = rows[0]!;
  return {
    migration: migrationName(row.latest === null ? undefined : Number(row.latest)),
    tables: row.tables,
    applications: row.applications,
    accounts: row.accounts,
  };
}

/** Opens a backup in memory and tells what is in it; throws BackupError when it is no backup. */
async function inspectBackup(bytes: Uint8Array, name: string): Promise<DatabaseSummary> {
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({
      loadDataDir: asTarball(bytes, name),
      extensions: pgliteExtensions,
    });
    return await summarize(client);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${name} could not be opened as a database (${describe(error)})`);
  } finally {
    await client?.close().catch(() => undefined);
  }
}

/** A migration's name from the time stamp the migrator records for it. */
function migrationName(when: number | undefined) {
  if (when === undefined) return "none";
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as { entries: { tag: string; when: number }[] };
  return (
    journal.entries.find((entry) => entry.when === when)?.tag ??
    `one newer than this version knows (${new Date(when).toISOString()})`
  );
}

function describe(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The backup as PGlite loads it: a tar checked here first. zlib checks the whole compressed
 * stream (a file cut short or altered fails its CRC), and every tar header's checksum is
 * verified, because PGlite's own unpacking of a broken file ended the process with an uncaught
 * stream error instead of failing the call.
 */
function asTarball(bytes: Uint8Array, name: string) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new BackupError(`${name} is not a backup made by npm run db:backup (not a gzip file).`);
  }
  let tar: Uint8Array;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new BackupError(`${name} is damaged (${describe(error)}).`);
  }
  if (!validTar(tar)) {
    throw new BackupError(
      `${name} is damaged or not a backup made by npm run db:backup (its archive does not hold together).`,
    );
  }
  return new File([tar as Uint8Array<ArrayBuffer>], path.basename(name).replace(/\.gz$/, ""), {
    type: "application/x-tar",
  });
}

/** Walks the archive's 512-byte headers: each one's checksum holds and the last file fits. */
function validTar(tar: Uint8Array) {
  const octal = (from: number, length: number) =>
    parseInt(
      new TextDecoder()
        .decode(tar.subarray(from, from + length))
        .replace(/\0.*$/s, "")
        .trim(),
      8,
    );
  let offset = 0;
  let files = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return files > 0;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    if (octal(offset + 148, 8) !== sum) return false;
    const size = octal(offset + 124, 12);
    if (!Number.isFinite(size) || size < 0) return false;
    offset += 512 + Math.ceil(size / 512) * 512;
    files += 1;
  }
  return offset === tar.length && files > 0;
}

/** Writes the whole file or nothing: a partial file first, flushed, then renamed into place. */
async function writeDurably(file: string, bytes: Uint8Array) {
  const partial = `${file}.partial`;
  const handle = await open(partial, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
}

export interface BackupResult {
  file: string;
  bytes: number;
  summary: DatabaseSummary;
}

/**
 * Backs up the embedded database of `dataDir` into one file: `out` when it names a file, into
 * `out` when it is a folder, else into DATA_DIR/backups, named by the time. Refuses while
 * another process (the server) has the database open, and never overwrites a file.
 */
export async function backupEmbedded(options: {
  dataDir: string;
  out?: string;
  now?: Date;
}): Promise<BackupResult> {
  const folder = pgliteFolder(options.dataDir);
  if (!hasDatabase(folder)) {
    throw new BackupError(`There is no embedded database in ${folder}: nothing to back up.`);
  }
  const name = `mare-pglite-${fileStamp(options.now ?? new Date())}.tar.gz`;
  const out = options.out ?? defaultBackupFolder(options.dataDir);
  const intoFolder =
    options.out === undefined ||
    /[\\/]$/.test(out) ||
    (existsSync(out) && statSync(out).isDirectory());
  const file = path.resolve(intoFolder ? path.join(out, name) : out);
  if (existsSync(file)) throw new BackupError(`${file} exists already; choose another name.`);
  // Backups hold every personal datum of the database: a folder made for them is private.
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });

  // Opening takes the folder's lock: a running server makes this throw DataDirBusyError.
  const database = openDatabase({
    dataDir: options.dataDir,
    purpose: "a backup (npm run db:backup)",
  });
  let bytes: Uint8Array;
  try {
    const client = database.pglite!;
    await client.waitReady;
    // Everything committed goes into the data files, so the copy needs no recovery to open.
    await client.exec("checkpoint");
    // PGlite runs no query while it packs the folder: the copy is of one moment.
    const tarball = await client.dumpDataDir("gzip");
    bytes = new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await database.close();
  }
  await writeDurably(file, bytes);
  try {
    // A backup is only as good as its restore: open it once before calling it done.
    const summary = await inspectBackup(bytes, file);
    return { file, bytes: bytes.byteLength, summary };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

export interface RestoreResult {
  /** Where the database that was replaced now lies, if there was one. */
  keptAside?: string;
  summary: DatabaseSummary;
  /** Whether this installation's encryption key reads the restored ID numbers. */
  encryptionKey: "reads the documents" | "does not read the documents" | "missing" | "no documents";
}

/**
 * Restores a backup into `dataDir`: refuses while the database is open elsewhere, and refuses
 * to replace an existing database unless `force`, which then keeps it aside (renamed to
 * pglite.replaced-<time>, never deleted). The backup is unpacked beside the live folder first,
 * opened and migrated there, and only then put in its place; finally it is opened again where
 * the server will find it.
 */
export async function restoreEmbedded(options: {
  dataDir: string;
  file: string;
  force?: boolean;
  /** DATA_ENCRYPTION_KEY, if set: checked against the restored documents. */
  encryptionKeyValue?: string;
  now?: Date;
}): Promise<RestoreResult> {
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  if (!statSync(file).isFile()) throw new BackupError(`${file} is not a file.`);
  const tarball = asTarball(new Uint8Array(await readFile(file)), file);

  const folder = pgliteFolder(options.dataDir);
  const release = lockDataDir(options.dataDir, "a restore (npm run db:restore)");
  try {
    if (hasDatabase(folder) && !options.force) {
      throw new BackupError(
        `${folder} already holds a database. To replace it with the backup, run again with --force: ` +
          `the current one is then kept aside as ${path.basename(folder)}.replaced-<time>, not deleted.`,
      );
    }
    // Unpacked halves of restores that were interrupted (this process holds the lock now).
    const parent = path.dirname(folder);
    for (const entry of await readdir(parent)) {
      if (entry.startsWith(`${path.basename(folder)}.restoring-`)) {
        await rm(path.join(parent, entry), { recursive: true, force: true });
      }
    }
    const stamp = fileStamp(options.now ?? new Date());
    const staging = `${folder}.restoring-${stamp}`;
    await mkdir(staging, { recursive: true });
    let client: PGlite | undefined;
    try {
      client = await PGlite.create(staging, { loadDataDir: tarball, extensions: pgliteExtensions });
      await summarize(client);
      // A backup from an older version of the app is brought up to this one's schema here.
      await migrate(drizzle(client), { migrationsFolder });
      await client.close();
      client = undefined;
    } catch (error) {
      await client?.close().catch(() => undefined);
      await rm(staging, { recursive: true, force: true });
      if (error instanceof BackupError) throw new BackupError(`${file}: ${error.message}`);
      throw new BackupError(`${file} could not be restored (${describe(error)}).`);
    }

    let keptAside: string | undefined;
    if (existsSync(folder)) {
      if (hasDatabase(folder) || (await readdir(folder)).length > 0) {
        keptAside = `${folder}.replaced-${stamp}`;
        await rename(folder, keptAside);
      } else {
        await rmdir(folder);
      }
    }
    await rename(staging, folder);

    try {
      return { keptAside, ...(await verifyRestored(options)) };
    } catch (error) {
      // Put back what was there: a restore that cannot be opened must not replace anything.
      await rename(folder, `${folder}.failed-${stamp}`);
      if (keptAside) await rename(keptAside, folder);
      throw new BackupError(`The restored database did not open (${describe(error)}).`);
    }
  } finally {
    release();
  }
}

async function verifyRestored(options: {
  dataDir: string;
  encryptionKeyValue?: string;
}): Promise<Omit<RestoreResult, "keptAside">> {
  const database = openDatabase({
    dataDir: options.dataDir,
    purpose: "a restore (npm run db:restore)",
  });
  try {
    const client = database.pglite!;
    const summary = await summarize(client);
    const { rows } = await client.query<{ document: string }>(
      `select document_encrypted as document from submissions
        where document_encrypted is not null order by id limit 1`,
    );
    return { summary, encryptionKey: checkKey(rows[0]?.document, options) };
  } finally {
    await database.close();
  }
}

function checkKey(
  document: string | undefined,
  options: { dataDir: string; encryptionKeyValue?: string },
): RestoreResult["encryptionKey"] {
  if (document === undefined) return "no documents";
  // Only a key that exists: loading would otherwise generate a new one, which reads nothing.
  const keyFile = path.resolve(options.dataDir, "encryption.key");
  if (!options.encryptionKeyValue && !existsSync(keyFile)) return "missing";
  const { key } = loadEncryptionKey({
    envValue: options.encryptionKeyValue,
    dataDir: options.dataDir,
  });
  try {
    decrypt(document, key);
    return "reads the documents";
  } catch {
    return "does not read the documents";
  }
}
