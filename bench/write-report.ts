import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { markdown, type Results } from "./report.ts";
import { root } from "./server.ts";

/** Writes bench/results.md and the README's table (between its bench markers) from results. */
export async function writeReport(results: Results) {
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
  return report;
}
