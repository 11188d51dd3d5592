import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "#app/db/embedded.server.ts";
import { expect, test } from "@playwright/test";
import { logsDir, root } from "../e2e/own-server.ts";
import { chatbotApplication, formApplication, send } from "./applications.ts";
import { accountsDataDir } from "../e2e/accounts.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The server killed with SIGKILL under load and started again at once on the same data folder,
 * as systemd, Docker or a test harness restart a crashed service, twelve times over. Every start
 * must succeed, and every application answered "sent" must be there at the end.
 *
 * The killed process is not collected at once here: its parent, a shell waiting on `read`,
 * reaps it only when told to, after the restart, as a supervisor or harness that has not yet got
 * to it. Until then the old process still exists, a zombie, with its id in the data folder's lock:
 * the new server took it for a live server and refused to start (DataDirBusyError … in use by
 * the server (process N)), in every round.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 92;
const origin = `http://127.0.0.1:${port}`;
const ROUNDS = 12;
/** How long each round's load runs before the kill. */
const LOAD_MS = 1_000;
/** Visitors sending at once. */
const CONCURRENCY = 6;
const ENCRYPTION_KEY = randomBytes(32).toString("base64");

test.describe.configure({ timeout: paced(240_000) });

interface Server {
  pid: number;
  /** The server's parent, which collects it once its standard input ends. */
  parent: ChildProcess;
}

/** The state letter of a process in /proc (Z: a zombie), or undefined once it is gone. */
function processState(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return undefined;
  }
}

/** Lets the server's parent collect it (once it has exited) and end. */
async function collect(server: Server) {
  const parent = server.parent;
  if (parent.exitCode !== null || parent.signalCode !== null) return;
  const ended = new Promise((resolve) => parent.once("exit", resolve));
  parent.stdin!.end();
  await ended;
}

async function startServer(dataDir: string, log: string): Promise<Server> {
  const parent = spawn(
    "sh",
    // dash (Debian's sh) collects no child while it reads; `wait` then collects the server.
    ["-c", '"$NODE" server/index.ts >> "$LOG" 2>&1 & echo $!; read _; wait'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE: process.execPath,
        LOG: log,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
        SUBMISSION_RATE_LIMIT: "100000",
        LOG_LEVEL: "info",
      },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    parent.once("error", reject);
  });
  return { pid, parent };
}

/** Waits until the server answers, or says why it never will (it exited: its log says why). */
async function untilServing(server: Server, log: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const state = processState(server.pid);
    if (state === undefined || state === "Z") {
      const lines = readFileSync(log, "utf8").trim().split("\n");
      throw new Error(`the server exited at start:\n${lines.slice(-5).join("\n")}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start within 30 s");
}

test(`SIGKILL under load, then an immediate restart on the same folder, ${ROUNDS} times`, async () => {
  // Migrated already (global-setup.ts): every start here is a restart after a kill.
  const dataDir = accountsDataDir("mare-restart-");
  mkdirSync(logsDir, { recursive: true });
  const log = path.join(logsDir, `own-${port}.log`);
  writeFileSync(log, ""); // a fresh log for this run; every start adds to it
  const domain = `${randomBytes(4).toString("hex")}.restart.example.com`;
  const acknowledged: string[] = [];
  const servers: Server[] = [];
  let cutOff = 0;
  let zombies = 0;
  let n = 0;
  let server = await startServer(dataDir, log);
  servers.push(server);
  try {
    await untilServing(server, log);
    for (let round = 1; round <= ROUNDS; round++) {
      let killed = false;
      const visitor = async () => {
        while (!killed) {
          const index = ++n;
          const kind = index % 2 === 0 ? "form" : "chatbot";
          const fields =
            kind === "form" ? formApplication(index, domain) : chatbotApplication(index, domain);
          try {
            if ((await send(origin, kind, fields)) === "sent") acknowledged.push(fields.email);
          } catch {
            cutOff += 1; // the server died under her: she was told nothing
            return;
          }
        }
      };
      const load = Promise.all(Array.from({ length: CONCURRENCY }, visitor));
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS));

      // The crash, and the supervisor's restart straight after it.
      const old = server;
      killed = true;
      process.kill(old.pid, "SIGKILL");
      server = await startServer(dataDir, log);
      servers.push(server);
      await load;
      await untilServing(server, log);
      // The old server was still there, unreaped, while the new one started; now it is collected.
      if (processState(old.pid) === "Z") zombies += 1;
      await collect(old);
    }
    test.info().annotations.push({
      type: "restarts",
      description: `${ROUNDS} restarts, ${zombies} beside the zombie of the killed server; ${acknowledged.length} applications answered "sent", ${cutOff} cut off`,
    });
    expect(zombies, "the killed server was a zombie beside each new start").toBe(ROUNDS);
    expect(cutOff).toBeGreaterThan(0);

    // Stopped the usual way, then the data folder is read directly.
    process.kill(server.pid, "SIGTERM");
    await collect(server);
    const database = new PGlite(path.join(dataDir, "pglite"), { extensions: pgliteExtensions });
    try {
      const { rows } = await database.query<{ email: string }>(
        `select email from submissions where email like $1`,
        [`%@${domain}`],
      );
      const stored = new Set(rows.map((row) => row.email));
      const missing = acknowledged.filter((email) => !stored.has(email));
      expect(missing, "answered 'sent' but not stored").toEqual([]);
    } finally {
      await database.close();
    }
  } finally {
    if (processState(server.pid) !== undefined) process.kill(server.pid, "SIGKILL");
    await Promise.all(servers.map(collect));
    await rm(dataDir, { recursive: true, force: true });
  }
});
