import { readFileSync, rmSync, utimesSync, writeFileSync, statSync, mkdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

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
 * id is asked directly, so a server killed with SIGKILL leaves no obstacle behind. From another
 * container sharing the volume the process cannot be seen, so the holder touches the file every
 * few seconds and a file untouched for a minute counts as left behind.
 */

export const LOCK_FILE = "pglite.lock";
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 60_000;

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

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
    return processAlive(owner.pid);
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
 * Takes the data folder's lock for this process, or throws DataDirBusyError naming the holder.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string, purpose: string): () => void {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, LOCK_FILE);
  const mine = held.get(folder);
  if (mine) {
    mine.count += 1;
    return once(() => release(folder));
  }
  mkdirSync(folder, { recursive: true });
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    boot: bootId(),
    purpose,
    since: new Date().toISOString(),
  };
  const text = JSON.stringify(owner) + "\n";
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, text, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      const found = readOwner(file);
      if (found && stillHeld(found.owner, found.touchedAt)) {
        throw new DataDirBusyError(folder, found.owner);
      }
      // Left behind by a process that is gone: take it over.
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
