import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * `npm start`: serves the production build, building it first when there is none
 * (a fresh clone after `npm install`). After changing code, run `npm run build` again.
 */
const root = path.resolve(import.meta.dirname, "..");
// The same folder server/index.ts serves from (BUILD_DIR, default build/).
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.log("No production build yet: building (npm run build)…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../server/index.ts");
