import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

// A verified account in the bench's database ({ url } or { dataDir }, no server holding it open),
// made as the tests make theirs: npm run user:create.
export { createAccount } from "../tests/e2e/accounts.ts";

export const root = path.resolve(import.meta.dirname, "..");
// The same folder the build writes and server/index.ts reads: a benchmark can build beside a
// running server (BUILD_DIR=.build-bench) without replacing its files.
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const PORT = Number(process.env.BENCH_PORT ?? 3300);
export const origin = `http://127.0.0.1:${PORT}`;

export function build() {
  if (process.env.BENCH_SKIP_BUILD) return;
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("build failed");
}

export interface BenchServer {
  process: ChildProcess;
  /** SIGTERM, then waits until the server has closed its database and exited. */
  stop(): Promise<void>;
}

/**
 * The production server on the bench port, with its own database: PGlite in `dataDir`, or the
 * PostgreSQL database at `databaseUrl`. Nothing of the caller's database, mail or origin settings
 * reaches it, so a benchmark never writes to a developer's data or sends mail.
 */
export async function startServer({
  dataDir,
  databaseUrl,
  env = {},
}: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const {
    DATABASE_URL: _database,
    SMTP_URL: _smtp,
    PUBLIC_ORIGIN: _origin,
    ...inherited
  } = process.env;
  const server = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    // Its log lines (mail it would send, start and stop) would bury the figures; errors still show.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = once(server, "exit");
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return { process: server, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("the server did not start");
}

/**
 * The login form posted as a browser posts it (no JavaScript): the session cookie it sets, and
 * where it sends her.
 */
export async function signInThroughForm(email: string, password: string) {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
      origin,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ email, password }),
  });
  const location = response.headers.get("location") ?? "";
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status < 300 || response.status >= 400 || !cookies.length) {
    throw new Error(
      `sign-in of ${email} answered ${response.status} → ${location || "no redirect"}`,
    );
  }
  return { cookie: cookies.join("; "), location };
}
