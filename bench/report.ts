import {
  pages,
  THROUGHPUT_CONNECTIONS,
  type LighthouseResult,
  type LighthouseRun,
  type pageTargets,
  type ThroughputResult,
} from "./pages.ts";
import type { AdminHttpResult } from "./admin-http.ts";
import type { LoadResult } from "./load.ts";
import type { QueriesResult } from "./queries.ts";
import type { SignInResult } from "./signin.ts";
import type { SubmissionRun, SubmissionsResult } from "./submissions.ts";
import { weightTargets, type WeightResult } from "./weight.ts";

export const parts = [
  "lighthouse",
  "throughput",
  "load",
  "submissions",
  "signin",
  "queries",
  "weight",
] as const;
export type Part = (typeof parts)[number];

/** bench/results.json. A run of some parts keeps the others' earlier figures, with their dates. */
export interface Results {
  date: string;
  machine: {
    cpus: number;
    cpuModel?: string;
    memoryGiB: number;
    node: string;
    postgres?: string;
  };
  /** When each part was last measured. */
  measured: Partial<Record<Part, string>>;
  /** The commit each part was measured on ("+" when the tree had changes not committed). */
  commits?: Partial<Record<Part, string>>;
  /**
   * Parts the latest run was asked for but could not measure, and why; their figures (if any)
   * are an earlier run's, of the date in `measured`.
   */
  notMeasured?: Partial<Record<Part, string>>;
  settings: {
    lighthouseRuns: number;
    loadSeconds: number;
    connections: number;
    preset: string;
  };
  targets: typeof pageTargets & { submissionsPerSecond: number; queryP95Ms: number };
  lighthouse?: LighthouseResult;
  throughput?: ThroughputResult;
  load?: LoadResult;
  submissions?: SubmissionsResult;
  signin?: SignInResult;
  queries?: QueriesResult;
  weight?: WeightResult;
}

const ms = (value: number) => `${value} ms`;
const day = (iso: string) => iso.slice(0, 10);
/** Decimal kilobytes (1 kB = 1,000 bytes), the stricter reading of a "KB" target. */
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function pagesTables(results: Results) {
  const { lighthouse, throughput, settings, targets } = results;
  const lines: string[] = [];
  if (lighthouse) {
    // A figure no run measured is NaN, or null once through results.json: shown as "–".
    const shown = (value: number | null, format: (value: number) => string) =>
      typeof value === "number" && Number.isFinite(value) ? format(value) : "–";
    const row = (name: string, r: LighthouseRun) =>
      `| ${name} | ${r.performance} | ${shown(r.lcpMs, (v) => `${(v / 1000).toFixed(2)} s`)} | ${shown(r.tbtMs, (v) => `${Math.round(v)} ms`)} | ${shown(r.cls, (v) => v.toFixed(3))} | ${kB(r.jsBytesGzip)} / ${r.jsBytesBrotli ? kB(r.jsBytesBrotli) : "–"} | ${r.accessibility} / ${r.bestPractices} / ${r.seo} |`;
    lines.push(
      `| page | performance | LCP | TBT | CLS | JS (gzip / Brotli) | a11y / best practices / SEO |`,
      `|---|---|---|---|---|---|---|`,
      row("/", lighthouse.home),
      ...(lighthouse.homeStaticCopy
        ? [row("/ as a static copy, no script (the limit)", lighthouse.homeStaticCopy)]
        : []),
      row(pages.article, lighthouse.article),
      `| target | ≥ ${targets.performance} | ≤ ${targets.lcpToStaticCopy} × the static copy's (/) | ≤ ${targets.tbtMs} ms | ≤ ${targets.cls} | ≤ ${targets.jsKbBrotli} kB Brotli (/) | |`,
      "",
    );
    const copy = lighthouse.homeStaticCopy;
    if (copy) {
      const ratio = lighthouse.home.lcpMs / copy.lcpMs;
      lines.push(
        `LCP of / over its static copy's: ${(lighthouse.home.lcpMs / 1000).toFixed(2)} s / ${(copy.lcpMs / 1000).toFixed(2)} s = ${ratio.toFixed(3)} (target ≤ ${targets.lcpToStaticCopy}).`,
        "",
      );
    }
    // Failed audits and runs Lighthouse could not finish (their figures are left out of the medians).
    for (const [name, r] of Object.entries(lighthouse) as [
      string,
      (LighthouseRun & { failingAudits?: string[] }) | undefined,
    ][]) {
      if (r?.failingAudits?.length)
        lines.push(`Lighthouse, ${name}: ${r.failingAudits.join(", ")}.`, "");
    }
  }
  if (throughput) {
    const { ssrHome, ssrHomeUncached, ssrHomeRevalidated, staticAsset, ssrToStaticRatio } =
      throughput;
    const ofStatic = (t: typeof ssrHome) =>
      `${((t.requestsPerSecond / staticAsset.requestsPerSecond) * 100).toFixed(0)}%`;
    const row = (name: string, t: typeof ssrHome) =>
      `| ${name} | ${t.requestsPerSecond} | ${ms(t.latencyP50Ms)} | ${ms(t.latencyP99Ms)} | ${t.errors} |`;
    lines.push(
      `| throughput (loopback, ${settings.loadSeconds} s, ${THROUGHPUT_CONNECTIONS} connections) | requests/s | p50 | p99 | errors |`,
      `|---|---|---|---|---|`,
      row("SSR / (stored page, Brotli)", ssrHome),
      row("SSR / rendered every time (cache bypassed)", ssrHomeUncached),
      ...(ssrHomeRevalidated ? [row("SSR / revalidated (304, ETag)", ssrHomeRevalidated)] : []),
      row("static asset", staticAsset),
      `| SSR / static | ${(ssrToStaticRatio * 100).toFixed(0)}% (target ≥ ${targets.ssrToStaticRatio * 100}%) | | | |`,
      `| SSR / rendered every time / static | ${ofStatic(ssrHomeUncached)} | | | |`,
      "",
    );
  }
  return lines;
}

/** Page weight: every size in decimal kB, as the targets are written. */
function weightTable(w: WeightResult) {
  const t = weightTargets;
  const target = (path: string) =>
    path === "/"
      ? `HTML ≤ ${t.htmlKb} kB, ≤ ${t.htmlBrotliKb} kB Brotli; hydration data ≤ ${t.hydrationKb} kB`
      : path === "/admin/pendentes"
        ? `HTML ≤ ${t.adminListKb} kB (50 rows)`
        : "";
  return [
    `| page weight as sent (production build; 1 kB = 1,000 bytes) | signed in as | HTML | HTML, Brotli on the wire | hydration data | target |`,
    `|---|---|---|---|---|---|`,
    ...w.pages.map(
      (p) =>
        `| ${p.path}${p.rows === undefined ? "" : ` (${p.rows} rows)`} | ${p.as === "visitor" ? "–" : p.as} | ${kB(p.htmlBytes)} | ${kB(p.htmlBrotliBytes)} | ${kB(p.hydrationBytes)} | ${target(p.path)} |`,
    ),
    "",
  ];
}

function loadTable(l: LoadResult) {
  return [
    `| SSR under load (loopback, ${l.seconds} s, ${l.connections} connections) | requests/s | p50 | p99 | max | non-2xx answers | errors (no answer) |`,
    `|---|---|---|---|---|---|---|`,
    `| SSR ${l.path} | ${l.requestsPerSecond} | ${ms(l.latencyP50Ms)} | ${ms(l.latencyP99Ms)} | ${ms(l.latencyMaxMs)} | ${l.non2xx} | ${l.errors} |`,
    `| target | | | | | 0 | 0 |`,
    "",
  ];
}

function signInTable(s: SignInResult) {
  const { hash } = s;
  const cost = `${hash.algorithm} N = ${hash.N}, r = ${hash.r}, p = ${hash.p}, ${hash.keyLength}-byte key, ${hash.memoryMiB} MiB`;
  return [
    `| password sign-ins (loopback, ${s.seconds} s, ${s.connections} connections, ${s.database}, ${s.accounts} accounts) | sign-ins/s | p50 | p99 | signed in | limited (429) | other answers | errors (no answer) |`,
    `|---|---|---|---|---|---|---|---|`,
    `| ${s.endpoint}: ${cost} per password, ${hash.threadPool} threads | ${s.signInsPerSecond} | ${ms(s.latencyP50Ms)} | ${ms(s.latencyP99Ms)} | ${s.signedIn} | ${s.rateLimited} | ${s.otherAnswers} | ${s.errors} |`,
    `| the hash alone, ${hash.threadPool} at a time (one hash: ${ms(s.hashAlone.oneHashMs)}) | ${s.hashAlone.hashesPerSecond} hashes/s | | | | | | |`,
    "",
  ];
}

function submissionsTable(s: SubmissionsResult) {
  const row = (name: string, run: SubmissionRun | { skipped: string }) =>
    "skipped" in run
      ? `| ${name} | skipped (${run.skipped}) | | | | |`
      : `| ${run.measured ? `${name}, measured ${day(run.measured)}` : name} | ${run.submissionsPerSecond} | ${ms(run.latencyP50Ms)} | ${ms(run.latencyP99Ms)} | ${run.errors} | ${run.stored} / ${run.accepted} |`;
  return [
    `| applications through the form's endpoint (loopback, ${s.submissions} applications, ${s.connections} connections) | applications/s | p50 | p99 | errors | stored / accepted |`,
    `|---|---|---|---|---|---|`,
    row("PGlite (embedded, on disk)", s.pglite),
    row("PostgreSQL", s.postgres),
    s.targets
      ? `| target | ≥ ${s.targets.pglitePerSecond} PGlite, ≥ ${s.targets.postgresPerSecond} PostgreSQL | | ≤ ${s.targets.p99Ms} ms | 0 | all |`
      : `| target | ≥ ${s.targetPerSecond} | | | 0 | all |`,
    "",
  ];
}

// Binary units, labelled as such (the page-weight table above is in decimal kB).
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

function adminHttpTables(http: AdminHttpResult, targetP95Ms: number) {
  if ("skipped" in http) return [`Back office over HTTP: skipped (${http.skipped}).`, ""];
  const e = http.export;
  const growth = Math.round((e.rssPeakMiB - e.rssBeforeMiB) * 10) / 10;
  return [
    `| back office pages over HTTP (production server, signed-in admin, document requests one at a time) | requests | size | p50 | p95 | max |`,
    `|---|---|---|---|---|---|`,
    ...http.pages.map(
      (page) =>
        `| ${page.path} | ${page.requests} | ${kb(page.bytes)} | ${ms(page.p50Ms)} | ${ms(page.p95Ms)} | ${ms(page.maxMs)} |`,
    ),
    `| target | | | | ≤ ${targetP95Ms} ms | |`,
    "",
    `| CSV export, streamed | rows | size | time | first byte | server memory (RSS) before → peak during |`,
    `|---|---|---|---|---|---|`,
    `| ${e.path} | ${e.rows.toLocaleString("en")} | ${mb(e.bytes)} | ${e.seconds.toFixed(1)} s | ${ms(Math.round(e.firstByteMs))} | ${e.rssBeforeMiB} → ${e.rssPeakMiB} MiB (${growth >= 0 ? "+" : ""}${growth} MiB, ${e.samples} samples) |`,
    "",
  ];
}

function queriesTable(q: QueriesResult) {
  if ("skipped" in q) {
    return [`Back office at 1,000,000 rows on PostgreSQL: skipped (${q.skipped}).`, ""];
  }
  return [
    `| back office at ${q.tableRows.toLocaleString("en")} rows (PostgreSQL, ${q.runs} runs each) | rows | p50 | p95 | max | plan |`,
    `|---|---|---|---|---|---|`,
    ...q.queries.map(
      (query) =>
        `| ${query.label} | ${query.rows} | ${ms(query.p50Ms)} | ${ms(query.p95Ms)} | ${ms(query.maxMs)} | ${query.plan.map((scan) => scan.replace(/ on submissions$/, "")).join(" + ")} |`,
    ),
    `| target | | | ≤ ${q.targetP95Ms} ms | | no Seq Scan on submissions |`,
    "",
    ...(q.http ? adminHttpTables(q.http, q.targetP95Ms) : []),
  ];
}

/** A part the latest run could not measure: said above its tables, with its figures' date. */
function notMeasured(results: Results, part: Part) {
  const reason = results.notMeasured?.[part];
  if (!reason) return [];
  const earlier = results.measured[part];
  return [
    `${part}: not measured on ${day(results.date)} (${reason})` +
      `${earlier ? `; these figures are from ${day(earlier)}` : ""}.`,
    "",
  ];
}

/** The tables, then the machine they were measured on and when. */
export function markdown(results: Results) {
  const lines = [
    ...pagesTables(results),
    ...(results.weight ? weightTable(results.weight) : []),
    ...(results.load ? loadTable(results.load) : []),
    ...(results.submissions ? submissionsTable(results.submissions) : []),
    ...(results.signin ? signInTable(results.signin) : []),
    ...notMeasured(results, "queries"),
    ...(results.queries ? queriesTable(results.queries) : []),
  ];
  const { machine } = results;
  const days = Object.entries(results.measured).map(([part, date]) => [part, day(date)]);
  const when =
    new Set(days.map(([, day]) => day)).size <= 1
      ? (days[0]?.[1] ?? results.date.slice(0, 10))
      : days.map(([part, day]) => `${part} ${day}`).join(", ");
  const commits = Object.entries(results.commits ?? {});
  const commit =
    commits.length === 0
      ? ""
      : new Set(commits.map(([, commit]) => commit)).size === 1
        ? `, commit ${commits[0]![1]}`
        : `, commits ${commits.map(([part, commit]) => `${part} ${commit}`).join(", ")}`;
  lines.push(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}` +
      `${machine.postgres ? `, PostgreSQL ${machine.postgres}` : ""}; ${when}${commit}.`,
  );
  return lines.join("\n");
}
