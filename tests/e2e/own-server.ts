import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { accountsDataDir } from "./accounts.ts";

/**
 * A server process next to the shared one: each worker's (the `app` fixture, server-fixture.ts),
 * or a test's own for what cannot be done to a server other tests use: stopping it
 * mid-conversation, killing it. Its log lines go to test-logs/ beside the shared server's,
 * where the log check reads them.
 */
export interface OwnServer {
  origin: string;
  port: number;
  /** Exit code (or signal) of the last run that ended, for tests of shutdown. */
  readonly exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The running process's id (its memory is read from /proc/<pid>/status). */
  readonly pid: number | undefined;
  start(): Promise<void>;
  /** SIGTERM, then waits until the process has exited. */
  stop(): Promise<void>;
  /** Sends a signal and waits for the process to end (SIGKILL: no chance to clean up). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** How many lines of its log so far (all its runs) carry this event. */
  countEvents(event: string): Promise<number>;
}

export const root = path.resolve(import.meta.dirname, "../..");
/** Where every server started by the browser tests writes its log (the log check reads all). */
export const logsDir = path.join(root, "test-logs");

// A test that times out never reaches its `finally`: what it started must not outlive the worker
// and answer the next run on the same port.
const alive = new Set<ChildProcess>();
/** Data folders made here, removed with the worker (a stopped server may be started again). */
const copies = new Set<string>();
process.once("exit", () => {
  for (const child of alive) child.kill("SIGTERM");
  for (const folder of copies) rmSync(folder, { recursive: true, force: true });
});

/** Whether nothing listens on the port: else its health check would answer for another server. */
function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A server on `port`, with `env` over the defaults below. Without DATA_DIR or DATABASE_URL in
 * `env` its database is a copy of the named accounts' one (global-setup.ts): migrated already,
 * which on a busy machine starts in a third of the time an empty one takes to migrate.
 */
export async function ownServer(
  port: number,
  env: Record<string, string> = {},
  /** Its log's file name in test-logs/: `own-<port>.log` unless a port is reused within a run. */
  log = `own-${port}.log`,
): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  let dataDir = env.DATA_DIR;
  if (!dataDir && !env.DATABASE_URL) {
    dataDir = accountsDataDir("mare-own-");
    copies.add(dataDir);
  }
  let child: ChildProcess | null = null;
  let exit: OwnServer["exit"] = null;
  // A fresh log for this server; its restarts add to it.
  let logFlags = "w";

  async function start() {
    if (!(await portIsFree(port))) throw new Error(`port ${port} is taken by another process`);
    mkdirSync(logsDir, { recursive: true });
    const logFile = createWriteStream(path.join(logsDir, log), { flags: logFlags });
    logFlags = "a";
    const started = spawn(process.execPath, ["server/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        SUBMISSION_RATE_LIMIT: "1000",
        // A decision's mail is held for its undo window: a short one, so specs get their mail.
        DECISION_UNDO_SECONDS: "2",
        DATABASE_URL: "",
        LOG_LEVEL: "info",
        ...env,
        DATA_DIR: dataDir ?? "memory://",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    exit = null;
    alive.add(started);
    started.stdout.pipe(logFile, { end: false });
    // Errors stay visible in the test report as well.
    started.stderr.on("data", (chunk: Buffer) => {
      logFile.write(chunk);
      process.stderr.write(chunk);
    });
    started.once("exit", (code, signal) => {
      alive.delete(started);
      exit = { code, signal };
      logFile.end();
    });
    // A first start migrates a new database: on a busy machine that takes many seconds.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) break;
      try {
        if ((await fetch(`${origin}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Not left running behind the failure (its data folder is about to be removed).
    await kill("SIGKILL");
    throw new Error(`the server on port ${port} did not start`);
  }

  async function kill(signal: NodeJS.Signals) {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill(signal);
    await exited;
  }

  async function countEvents(event: string) {
    const text = await readFile(path.join(logsDir, log), "utf8");
    return text
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .filter((line) => (JSON.parse(line) as { event?: string }).event === event).length;
  }

  await start();
  return {
    origin,
    port,
    get exit() {
      return exit;
    },
    get pid() {
      return child?.pid;
    },
    start,
    stop: () => kill("SIGTERM"),
    kill,
    countEvents,
  };
}
