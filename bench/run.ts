/**
 * `npm run bench`: measures the production build the way visitors and the agency meet it.
 *  - lighthouse: Lighthouse scores, Web Vitals and JavaScript weight of / and an article.
 *  - throughput: SSR of / (cached and rendered every time) next to a static asset.
 *  - load: / under 50 connections for BENCH_HOLD_SECONDS (30): latency, errors.
 *  - submissions: applications per second through the form's endpoint, PGlite and PostgreSQL.
 *  - signin: password sign-ins per second through the login form, with the hash's cost.
 *  - weight: the HTML and hydration data six pages weigh as sent, public and signed in.
 *  - queries: the back office at a million applications on PostgreSQL: its lists, searches and
 *    dashboard, the same pages over HTTP as a signed-in admin, and a 100,000-row CSV export.
 * BENCH_ONLY=submissions,queries runs some of them; the others keep their earlier figures. The
 * PostgreSQL figures need BENCH_DATABASE_URL: without it a run says so and keeps the earlier
 * ones, with their date. The whole run takes about five minutes on two cores.
 * Writes bench/results.json, bench/results.md and the README's table. Machines here are shared:
 * read medians and ratios.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadBench } from "./load.ts";
import { lighthouseBench, pageTargets, THROUGHPUT_CONNECTIONS, throughputBench } from "./pages.ts";
import { QUERY_TARGET_P95_MS, queriesBench } from "./queries.ts";
import { parts, type Part, type Results } from "./report.ts";
import { writeReport } from "./write-report.ts";
import { build, root, startServer } from "./server.ts";
import { signInBench } from "./signin.ts";
import { weightBench } from "./weight.ts";
import { SUBMISSIONS_TARGET_PER_SECOND, submissionsBench } from "./submissions.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 30);
const resultsPath = path.join(root, "bench/results.json");

function selectedParts(): Set<Part> {
  const only = process.env.BENCH_ONLY?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only?.length) return new Set(parts);
  const unknown = only.filter((name) => !(parts as readonly string[]).includes(name));
  if (unknown.length) {
    throw new Error(`BENCH_ONLY: unknown part ${unknown.join(", ")} (known: ${parts.join(", ")})`);
  }
  return new Set(only as Part[]);
}

async function previousResults(): Promise<Partial<Results>> {
  if (!existsSync(resultsPath)) return {};
  const previous = JSON.parse(await readFile(resultsPath, "utf8")) as Partial<Results>;
  // Files written before the parts had dates of their own measured the pages only.
  previous.measured ??= previous.date
    ? { lighthouse: previous.date, throughput: previous.date }
    : {};
  return previous;
}

async function postgresVersion(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>("show server_version")).rows[0]!
      .server_version;
  } finally {
    await client.end();
  }
}

const selected = selectedParts();
const previous = await previousResults();
// Only this run's: the parts it was asked for but could not measure, and why.
const notMeasured: Partial<Record<Part, string>> = {};
const date = new Date().toISOString();
const commits: Partial<Record<Part, string>> = { ...previous.commits };
// The commit the figures belong to; "+" when the tree had changes not yet committed.
const commit = (() => {
  const git = (...args: string[]) =>
    spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout.trim();
  const head = git("rev-parse", "--short", "HEAD") || "unknown";
  return git("status", "--porcelain", "--untracked-files=no") ? `${head}+` : head;
})();
const results: Results = {
  ...previous,
  date,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: process.env.BENCH_DATABASE_URL
      ? (await postgresVersion(process.env.BENCH_DATABASE_URL)).split(" ")[0]
      : previous.machine?.postgres,
  },
  measured: { ...previous.measured },
  commits,
  notMeasured,
  settings:
    selected.has("lighthouse") || selected.has("throughput") || !previous.settings
      ? {
          lighthouseRuns: RUNS,
          loadSeconds: LOAD_SECONDS,
          connections: THROUGHPUT_CONNECTIONS,
          preset: "Lighthouse mobile (default)",
        }
      : previous.settings,
  targets: {
    ...pageTargets,
    submissionsPerSecond: SUBMISSIONS_TARGET_PER_SECOND,
    queryP95Ms: QUERY_TARGET_P95_MS,
  },
};

const databaseUrl = process.env.BENCH_DATABASE_URL;
const noDatabase = "BENCH_DATABASE_URL not set";
if (!databaseUrl && (selected.has("queries") || selected.has("submissions"))) {
  console.log(
    `The PostgreSQL figures are not measured in this run (${noDatabase}); the earlier ones are ` +
      "kept with their date. See the README's Performance section.",
  );
}
if ([...selected].some((part) => part !== "queries") || (selected.has("queries") && databaseUrl)) {
  build();
}
if (selected.has("lighthouse") || selected.has("throughput") || selected.has("load")) {
  // A database of its own, so the benchmark never shares a data folder with a running server.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mare-bench-"));
  const server = await startServer({ dataDir });
  try {
    if (selected.has("lighthouse")) {
      results.lighthouse = await lighthouseBench(RUNS);
      results.measured.lighthouse = date;
      commits.lighthouse = commit;
    }
    if (selected.has("throughput")) {
      results.throughput = await throughputBench(LOAD_SECONDS);
      results.measured.throughput = date;
      commits.throughput = commit;
    }
    if (selected.has("load")) {
      results.load = await loadBench(HOLD_SECONDS);
      results.measured.load = date;
      commits.load = commit;
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
if (selected.has("weight")) {
  results.weight = await weightBench();
  results.measured.weight = date;
  commits.weight = commit;
}
if (selected.has("submissions")) {
  const earlier = previous.submissions?.postgres;
  results.submissions = await submissionsBench(LOAD_SECONDS);
  // Without a PostgreSQL database this run keeps the last PostgreSQL figures, dated.
  if ("skipped" in results.submissions.postgres && earlier && !("skipped" in earlier)) {
    results.submissions.postgres = {
      ...earlier,
      measured: earlier.measured ?? previous.measured?.submissions ?? previous.date,
    };
  }
  results.measured.submissions = date;
  commits.submissions = commit;
}
if (selected.has("signin")) {
  results.signin = await signInBench(LOAD_SECONDS);
  results.measured.signin = date;
  commits.signin = commit;
}
if (selected.has("queries")) {
  if (databaseUrl) {
    results.queries = await queriesBench();
    results.measured.queries = date;
    commits.queries = commit;
  } else if (results.queries && !("skipped" in results.queries) && results.measured.queries) {
    console.log(
      `queries: skipped (${noDatabase}); keeping the figures of ${results.measured.queries}`,
    );
    notMeasured.queries = noDatabase;
  } else {
    console.log(`queries: skipped (${noDatabase})`);
    results.queries = { skipped: noDatabase };
  }
}

await writeFile(resultsPath, JSON.stringify(results, null, 2) + "\n");
console.log(`\n${await writeReport(results)}`);
