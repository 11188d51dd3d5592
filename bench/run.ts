/**
 * `npm run bench`: measures the production build the way visitors meet it.
 *  - Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) for / and a blog article,
 *    median of several runs: performance score, LCP, TBT, CLS, and the JavaScript the page loads
 *    (gzip bytes, as the server's compression would send it).
 *  - Server throughput over loopback: SSR of / next to a static asset from the same server.
 * Writes bench/results.json and prints a table. Machines here are shared: read medians and ratios.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const origin = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const pages = { home: "/", article: "/blog/security-and-anonymity" };

const targets = {
  performance: 95,
  lcpMs: 2000,
  cls: 0.05,
  tbtMs: 150,
  jsKbGzip: 120,
  ssrToStaticRatio: 0.25,
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function build() {
  if (process.env.BENCH_SKIP_BUILD) return;
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("build failed");
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error("server did not start");
}

/** Gzip size of every script the page loaded, compressed as the server would send it. */
async function javascriptGzipBytes(urls: string[]) {
  let total = 0;
  for (const url of new Set(urls)) {
    const file = path.join(root, "build/client", new URL(url).pathname);
    total += gzipSync(await readFile(file)).length;
  }
  return total;
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsBytesGzip: number;
  jsFiles: number;
}

/** Audits of the accessibility, best-practices and SEO categories that did not pass. */
function failingAudits(lhr: {
  categories: Record<string, { auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null }>;
}) {
  const failing = new Set<string>();
  for (const name of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[name]?.auditRefs ?? []) {
      const score = lhr.audits[ref.id]?.score;
      if (ref.weight > 0 && score !== null && score !== undefined && score < 1)
        failing.add(`${name}:${ref.id}`);
    }
  }
  return [...failing];
}

async function lighthouseRuns(
  pathname: string,
): Promise<LighthouseRun & { failingAudits: string[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const runs: LighthouseRun[] = [];
  const failing = new Set<string>();
  try {
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${origin}${pathname}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error("lighthouse returned nothing");
      const { audits, categories } = result.lhr;
      for (const audit of failingAudits(
        result.lhr as unknown as Parameters<typeof failingAudits>[0],
      ))
        failing.add(audit);
      const requests =
        (
          audits["network-requests"]?.details as {
            items?: { url: string; resourceType?: string }[];
          }
        )?.items ?? [];
      const scripts = requests
        .filter((r) => r.resourceType === "Script" && r.url.startsWith(origin))
        .map((r) => r.url);
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
        seo: Math.round((categories.seo?.score ?? 0) * 100),
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
        tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
        fcpMs: audits["first-contentful-paint"]?.numericValue ?? NaN,
        jsBytesGzip: await javascriptGzipBytes(scripts),
        jsFiles: scripts.length,
      });
    }
  } finally {
    await chrome.kill();
  }
  const keys = Object.keys(runs[0]!) as (keyof LighthouseRun)[];
  const medians = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
  return { ...(medians as unknown as LighthouseRun), failingAudits: [...failing] };
}

async function throughput(url: string, extraHeaders: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: LOAD_SECONDS,
    headers: { "accept-encoding": "gzip, deflate, br", ...extraHeaders },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function staticAssetUrl() {
  const html = await (await fetch(`${origin}/`)).text();
  const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (!asset) throw new Error("no stylesheet found on /");
  return `${origin}${asset}`;
}

build();
const server = await startServer();
try {
  const lighthouseResults = {
    home: await lighthouseRuns(pages.home),
    article: await lighthouseRuns(pages.article),
  };
  const ssr = await throughput(`${origin}/`);
  // Any cookie but `lang` bypasses the cache of rendered pages: the cost of a full render.
  const ssrUncached = await throughput(`${origin}/`, { cookie: "bench=render-every-time" });
  const staticAsset = await throughput(await staticAssetUrl());
  const ratio = ssr.requestsPerSecond / staticAsset.requestsPerSecond;

  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: {
      lighthouseRuns: RUNS,
      loadSeconds: LOAD_SECONDS,
      connections: 10,
      preset: "Lighthouse mobile (default)",
    },
    targets,
    lighthouse: lighthouseResults,
    throughput: {
      ssrHome: ssr,
      ssrHomeUncached: ssrUncached,
      staticAsset,
      ssrToStaticRatio: Number(ratio.toFixed(3)),
    },
  };
  await writeFile(path.join(root, "bench/results.json"), JSON.stringify(results, null, 2) + "\n");

  const row = (name: string, r: LighthouseRun) =>
    `| ${name} | ${r.performance} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${(r.jsBytesGzip / 1024).toFixed(1)} KB | ${r.accessibility} / ${r.bestPractices} / ${r.seo} |`;
  const table = [
    `| page | performance | LCP | TBT | CLS | JS (gzip) | a11y / best practices / SEO |`,
    `|---|---|---|---|---|---|---|`,
    row("/", lighthouseResults.home),
    row(pages.article, lighthouseResults.article),
    `| target | ≥ ${targets.performance} | ≤ 2.00 s | ≤ ${targets.tbtMs} ms | ≤ ${targets.cls} | ≤ ${targets.jsKbGzip} KB (/) | |`,
    "",
    `| throughput (loopback, ${LOAD_SECONDS} s, 10 connections) | requests/s | p50 | p99 | errors |`,
    `|---|---|---|---|---|`,
    `| SSR / | ${ssr.requestsPerSecond} | ${ssr.latencyP50Ms} ms | ${ssr.latencyP99Ms} ms | ${ssr.errors} |`,
    `| SSR / rendered every time (cache bypassed) | ${ssrUncached.requestsPerSecond} | ${ssrUncached.latencyP50Ms} ms | ${ssrUncached.latencyP99Ms} ms | ${ssrUncached.errors} |`,
    `| static asset | ${staticAsset.requestsPerSecond} | ${staticAsset.latencyP50Ms} ms | ${staticAsset.latencyP99Ms} ms | ${staticAsset.errors} |`,
    `| SSR / static | ${(ratio * 100).toFixed(0)}% (target ≥ ${targets.ssrToStaticRatio * 100}%) | | | |`,
  ].join("\n");
  console.log(
    `\n${table}\n\nmachine: ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}`,
  );
  await writeFile(
    path.join(root, "bench/results.md"),
    `${table}\n\nMachine: ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}; ${results.date}\n`,
  );
  // The README shows the latest figures, between its bench markers.
  const readmePath = path.join(root, "README.md");
  const readme = await readFile(readmePath, "utf8");
  const machineLine = `Machine: ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}; ${results.date.slice(0, 10)}.`;
  await writeFile(
    readmePath,
    readme.replace(
      /<!-- bench:start -->[\s\S]*<!-- bench:end -->/,
      `<!-- bench:start -->\n${table}\n\n${machineLine}\n<!-- bench:end -->`,
    ),
  );
} finally {
  server.kill("SIGTERM");
}
