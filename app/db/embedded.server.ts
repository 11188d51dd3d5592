import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { logger } from "#app/utils/logger.server.ts";

/**
 * The embedded database's folder and the lock that keeps it to one process.
 *
 * PGlite has no lock of its own: a second process opens a folder that the server has open
 * without any error, and whichever closes last overwrites the other's writes (tried with
 * 0.5.16: the second process's rows vanished). So every process that opens the folder through
 * openDatabase — the server, migrations, backup, restore, the export — first takes
 * `<DATA_DIR>/pglite.lock`, and the commands refuse to run while another process holds it.
 *
 * Whether a holder is still alive: on the same machine (same host name and boot), its process
 * is looked up, so a server killed with SIGKILL leaves no obstacle behind. A killed process is
 * not gone at once: until its parent collects it, it is a zombie, whose id still answers
 * kill(pid, 0), and a supervisor restarting it straight away was refused (2 of 4 restarts in a
 * trial). So /proc is read: a zombie counts as gone, and so does a process that has the holder's
 * id but a later start time (the id given again). A holder still running is given a few seconds
 * to finish exiting before the lock is refused. From another container sharing the volume the
 * process cannot be seen, so the holder touches the file every few seconds and a file untouched
 * for a minute counts as left behind.
 *
 * Taking the lock also makes the folder private to its owner (makeDataDirPrivate).
 */

/**
 * The extensions the schema needs (pg_trgm: migration 0029, the review list's search;
 * btree_gist: migration 0033, welcome calls that never overlap). PGlite
 * ships them apart and knows only those it is given when it starts, so every PGlite that opens
 * the application's data, from a folder or a backup, is created with these.
 */
export const pgliteExtensions = { pg_trgm, btree_gist };

export const LOCK_FILE = "pglite.lock";
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 60_000;
/** How long a live holder is given to exit before the lock is refused, and how often it is asked. */
const HOLDER_EXIT_WAIT_MS = 5_000;
const HOLDER_POLL_MS = 100;

/**
 * Makes the data folder its owner's alone: DATA_DIR 0700, every folder in it 0700 and every file
 * 0600. It holds sessions, personal data and the keys; with the usual umask 022 PGlite's
 * folders came out 0755 and its files 0666 (it chmods them to the modes of its own file system,
 * so no umask can help there), readable and writable by any local user.
 *
 * Also sets this process's umask to 077, so that what it creates from now on (the lock, new
 * folders, backups' folders) starts private. Run before PGlite opens the folder, which tightens
 * one left loose by an older version or by hand, and again once PGlite is ready (its first start
 * writes the initial database with its own modes). Symbolic links are not followed: a link
 * planted in a loose folder must not turn this into a chmod of a file elsewhere. Returns the paths
 * it could not tighten (owned by another user), which the caller reports.
 */
export function makeDataDirPrivate(dataDir: string): string[] {
  // The umask is the whole process's; a worker thread may not set it (only a test runs there).
  if (isMainThread) process.umask(0o077);
  const failed: string[] = [];
  const tighten = (file: string, isDirectory: boolean, mode: number) => {
    const wanted = isDirectory ? 0o700 : 0o600;
    // Execute bits of a file are kept off too: nothing in the data folder is a program.
    if ((mode & 0o7777) === wanted) return;
    try {
      chmodSync(file, wanted);
    } catch {
      failed.push(file);
    }
  };
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      failed.push(folder);
      return;
    }
    for (const entry of entries) {
      if (entry.isSymbolicLink()) continue;
      const file = path.join(folder, entry.name);
      let stats;
      try {
        stats = lstatSync(file);
      } catch {
        continue; // removed in between (PGlite's temporary files)
      }
      tighten(file, stats.isDirectory(), stats.mode);
      if (stats.isDirectory()) walk(file);
    }
  };
  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  // DATA_DIR itself may be a link the operator made to the real folder: that one is followed.
  tighten(root, true, statSync(root).mode);
  walk(root);
  if (failed.length > 0) {
    logger().warn({
      event: "data-dir.not-private",
      dataDir: root,
      paths: failed.slice(0, 10),
      count: failed.length,
    });
  }
  return failed;
}

/** The folder PGlite keeps its files in, inside DATA_DIR. */
export function pgliteFolder(dataDir: string) {
  return path.resolve(dataDir, "pglite");
}

interface LockOwner {
  pid: number;
  host: string;
  boot: string | undefined;
  /** What holds it, in words for the message of whoever is refused. */
  purpose: string;
  since: string;
  /**
   * When the process started, in clock ticks after boot (/proc/<pid>/stat): tells it from a later
   * process given the same id. Absent where there is no /proc, and in locks of older versions.
   */
  started?: number;
}

export class DataDirBusyError extends Error {
  readonly dataDir: string;
  readonly owner: LockOwner;

  constructor(dataDir: string, owner: LockOwner) {
    const where =
      owner.host === hostname() ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.host}`;
    super(
      `The embedded database in ${dataDir} is in use by ${owner.purpose} (${where}, since ${owner.since}). ` +
        `PGlite allows one process at a time: stop it first (the server finishes its requests on SIGTERM), ` +
        `then run this command again. If that process is surely gone, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = "DataDirBusyError";
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

/** A process as Linux shows it in /proc: its state letter and start time; undefined if unseen. */
function procStat(pid: number): { state: string; started: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command's name, in parentheses, may hold spaces and parentheses itself: the fields are
  // counted after its last ")". The state is the 3rd field, the start time the 22nd.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", started: Number(fields[19]) };
}

/** Whether the process that wrote the lock (on this machine) is still running. */
function processAlive(owner: LockOwner) {
  const proc = procStat(owner.pid);
  if (proc) {
    // A zombie (Z) or one being collected (X) has ended: it writes and holds nothing any more.
    if (proc.state === "Z" || proc.state === "X") return false;
    // The same id, given to a process that started later: not the one that took the lock.
    return owner.started === undefined || proc.started === owner.started;
  }
  // No /proc (another system), or the process is hidden from us: only its id can be asked.
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Waits without returning to the event loop: taking the lock is synchronous, and rare. */
function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function readOwner(file: string): { owner: LockOwner; touchedAt: number } | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as LockOwner;
    return { owner, touchedAt: statSync(file).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    // Half-written or unreadable: treat it as held until the heartbeat rule says otherwise.
    try {
      return {
        owner: {
          pid: 0,
          host: "unknown",
          boot: undefined,
          purpose: "an unknown process",
          since: "?",
        },
        touchedAt: statSync(file).mtimeMs,
      };
    } catch {
      return undefined;
    }
  }
}

/** Whether the process that wrote the lock still holds it (see the module's comment). */
function stillHeld(owner: LockOwner, touchedAt: number) {
  if (owner.host === hostname() && owner.boot === bootId()) {
    // This very process (a module reloaded in development, a command reopening what it holds).
    if (owner.pid === process.pid) return false;
    return processAlive(owner);
  }
  return Date.now() - touchedAt < STALE_AFTER_MS;
}

/** Locks this process holds, by folder, counted: one process may open its folder twice. */
const held: Map<string, { count: number; timer: NodeJS.Timeout }> = ((
  globalThis as { __mareDataDirLocks?: Map<string, { count: number; timer: NodeJS.Timeout }> }
).__mareDataDirLocks ??= new Map());

/** Who holds the folder's lock now, if anyone else does. */
export function dataDirHolder(dataDir: string): LockOwner | undefined {
  const found = readOwner(path.resolve(dataDir, LOCK_FILE));
  if (!found || !stillHeld(found.owner, found.touchedAt)) return undefined;
  return found.owner;
}

/**
 * Takes the data folder's lock for this process, or throws DataDirBusyError naming the holder
 * when it is still held after `waitMs` (5 s: a server stopping, or killed a moment ago, is given
 * the time to be gone). Returns the release function.
 */
export function lockDataDir(
  dataDir: string,
  purpose: string,
  { waitMs = HOLDER_EXIT_WAIT_MS }: { waitMs?: number } = {},
): () => void {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, LOCK_FILE);
  const mine = held.get(folder);
  if (mine) {
    mine.count += 1;
    return once(() => release(folder));
  }
  makeDataDirPrivate(folder);
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    boot: bootId(),
    purpose,
    since: new Date().toISOString(),
    started: procStat(process.pid)?.started,
  };
  const text = JSON.stringify(owner) + "\n";
  const deadline = Date.now() + waitMs;
  for (let takeovers = 0; ;) {
    try {
      writeFileSync(file, text, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const found = readOwner(file);
      if (found && stillHeld(found.owner, found.touchedAt)) {
        if (Date.now() >= deadline) throw new DataDirBusyError(folder, found.owner);
        sleepSync(HOLDER_POLL_MS);
        continue;
      }
      // Left behind by a process that is gone: take it over.
      if (++takeovers > 3) throw error;
      rmSync(file, { force: true });
    }
  }
  const timer = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // The folder was removed under us (a test's temp dir): nothing left to guard.
    }
  }, HEARTBEAT_MS);
  timer.unref();
  held.set(folder, { count: 1, timer });
  return once(() => release(folder));
}

function release(folder: string) {
  const mine = held.get(folder);
  if (!mine) return;
  mine.count -= 1;
  if (mine.count > 0) return;
  clearInterval(mine.timer);
  held.delete(folder);
  const file = path.join(folder, LOCK_FILE);
  const found = readOwner(file);
  // Only our own: never a lock another process took over in between.
  if (found && found.owner.pid === process.pid && found.owner.host === hostname()) {
    rmSync(file, { force: true });
  }
}

function once(fn: () => void) {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
