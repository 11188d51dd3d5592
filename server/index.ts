import path from "node:path";
import { format } from "node:util";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Readiness } from "#app/db/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { createApp } from "./app.ts";

/** The production server: `npm start` (after `npm run build`). */
const env = getEnv();

// Libraries write to the console (React Router warns of an undecodable URL, for one): those
// lines join the JSON log, scrubbed like every other, instead of plain text beside it.
for (const method of ["log", "info", "warn", "error", "debug"] as const) {
  const level = method === "log" ? "info" : method;
  console[method] = (...args: unknown[]) => logger()[level]({ event: "console" }, format(...args));
}
// BUILD_DIR (default build/) must lie inside the project, where node_modules resolves.
const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
const build = (await import(
  pathToFileURL(path.join(buildDir, "server/index.js")).href
)) as ServerBuild;
// Hooks exported by app/entry.server.tsx: migrate the database before serving, close it after.
const lifecycle = build.entry.module as {
  startup?: () => Promise<void>;
  shutdown?: () => Promise<void>;
  readiness?: () => Promise<Readiness>;
};
let draining = false;
const app = createApp({
  build,
  env,
  clientDir: path.join(buildDir, "client"),
  readiness: lifecycle.readiness,
  draining: () => draining,
});
try {
  await lifecycle.startup?.();
} catch (error) {
  // One JSON line like every other (a data folder in use, a database that refuses), then exit.
  logger().fatal({ event: "server.start-failed", err: error });
  logger().flush(() => process.exit(1));
  await new Promise(() => {});
}

// Links in mails carry live tokens, so their origin comes from configuration only (decision 014).
// Without PUBLIC_ORIGIN they point at this server as configured (HOST and PORT): right on a
// developer's machine, and wrong but harmless in a deployment, which must set it.
if (env.NODE_ENV === "production" && !env.PUBLIC_ORIGIN) {
  logger().warn(
    { event: "config.public-origin-missing", mailOrigin: mailOrigin(env) },
    "PUBLIC_ORIGIN is not set: links in e-mails (verification, password reset, privacy) point at " +
      `${mailOrigin(env)}. Set PUBLIC_ORIGIN=https://your-domain before anyone else uses this server.`,
  );
}

const server = app.listen(env.PORT, env.HOST, () => {
  const shownHost = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  logger().info({ event: "server.listening", url: `http://${shownHost}:${env.PORT}` });
});

/** How long requests already under way may take to finish after SIGTERM. */
const DRAIN_MS = 10_000;

/**
 * SIGTERM (or Ctrl-C): stop accepting connections, let the requests under way finish (up to
 * ten seconds), then stop the mail sender, the retention job and the counters and close the
 * database (entry.server's shutdown).
 */
function shutdown(signal: string) {
  draining = true;
  logger().info({ event: "server.stopping", signal });
  const deadline = setTimeout(() => {
    logger().warn({ event: "server.drain-timeout", ms: DRAIN_MS });
    server.closeAllConnections();
  }, DRAIN_MS);
  deadline.unref();
  // Closing the database and the mail sender waits for their work under way; never forever.
  setTimeout(() => {
    logger().error({ event: "server.shutdown-timeout" });
    process.exit(1);
  }, DRAIN_MS + 10_000).unref();
  server.close(() => {
    clearTimeout(deadline);
    void (lifecycle.shutdown?.() ?? Promise.resolve())
      .then(
        () => logger().info({ event: "server.stopped" }),
        (error: unknown) => {
          logger().error({ event: "server.shutdown-error", err: error });
          process.exitCode = 1;
        },
      )
      .finally(() => logger().flush(() => process.exit()));
  });
  // Keep-alive connections with no request under way close now; the others after their response.
  server.closeIdleConnections();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
