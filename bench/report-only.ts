/**
 * `node bench/report-only.ts`: writes bench/results.md and the README's table again from
 * bench/results.json, without measuring (after a change to how the report is written). The
 * figures stay those of the run, with its date and commit.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { markdown, type Results } from "./report.ts";
import { root } from "./server.ts";

const results = JSON.parse(
  await readFile(path.join(root, "bench/results.json"), "utf8"),
) as Results;
const report = markdown(results);
await writeFile(path.join(root, "bench/results.md"), `${report}\n`);
const readmePath = path.join(root, "README.md");
const readme = await readFile(readmePath, "utf8");
await writeFile(
  readmePath,
  readme.replace(
    /<!-- bench:start -->[\s\S]*<!-- bench:end -->/,
    () => `<!-- bench:start -->\n${report}\n<!-- bench:end -->`,
  ),
);
