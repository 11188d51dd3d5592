import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * A server of the test's own, next to the shared one, for what cannot be done to a server
 * other tests use: stopping it mid-conversation, or a submission limit of one.
 */
export interface OwnServer {
  origin: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function ownServer(
  port: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn(process.execPath, ["server/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: "memory://",
        SUBMISSION_RATE_LIMIT: "1000",
        DATABASE_URL: "",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let attempt = 0; attempt < 150; attempt++) {
      try {
        if ((await fetch(`${origin}/robots.txt`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server on port ${port} did not start`);
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }

  await start();
  return { origin, start, stop };
}
