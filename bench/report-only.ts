/**
 * `node bench/report-only.ts`: writes bench/results.md and the README's table again from
 * bench/results.json, without measuring (after a change to how the report is written). The
 * figures stay those of the run, with its date and commit.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Results } from "./report.ts";
import { root } from "./server.ts";
import { writeReport } from "./write-report.ts";

const results = JSON.parse(
  await readFile(path.join(root, "bench/results.json"), "utf8"),
) as Results;
await writeReport(results);
