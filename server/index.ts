import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { getEnv } from "../app/utils/env.server.ts";
import { createApp } from "./app.ts";

/** The production server: `npm start` (after `npm run build`). */
const env = getEnv();
// BUILD_DIR (default build/) must lie inside the project, where node_modules resolves.
const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
const build = (await import(
  pathToFileURL(path.join(buildDir, "server/index.js")).href
)) as ServerBuild;
const app = createApp({ build, env, clientDir: path.join(buildDir, "client") });
// Hooks exported by app/entry.server.tsx: migrate the database before serving, close it after.
const lifecycle = build.entry.module as {
  startup?: () => Promise<void>;
  shutdown?: () => Promise<void>;
};
await lifecycle.startup?.();

const server = app.listen(env.PORT, env.HOST, () => {
  const shownHost = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  console.log(
    JSON.stringify({ level: "info", msg: `listening on http://${shownHost}:${env.PORT}` }),
  );
});

function shutdown(signal: string) {
  console.log(JSON.stringify({ level: "info", msg: `${signal}: closing` }));
  server.close(() => {
    void (lifecycle.shutdown?.() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  // In-flight requests get ten seconds to finish.
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
