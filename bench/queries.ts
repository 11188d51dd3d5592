/**
 * The back office's list of applications at a million rows on PostgreSQL: each query run many
 * times through the real Drizzle layer (listSubmissions), with the plan PostgreSQL chose.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/db/db.server.ts";
import { submissions } from "../app/db/schema.server.ts";
import {
  listSubmissions,
  reviewListQuery,
  type ReviewListFilter,
} from "../app/features/submissions/review-list.server.ts";
import { root } from "./server.ts";
import { removeBenchRows } from "./submissions.ts";

export const QUERY_ROWS = 1_000_000;
export const QUERY_TARGET_P95_MS = 50;
const RUNS = 200;
const WARM_UP = 20;

export interface QueryFigures {
  label: string;
  rows: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The scans of PostgreSQL's plan, e.g. "Index Scan using submissions_status_created_idx". */
  plan: string[];
}

export type QueriesResult =
  | { skipped: string }
  | { tableRows: number; runs: number; targetP95Ms: number; queries: QueryFigures[] };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Seeds the database to exactly QUERY_ROWS applications with scripts/db-seed.ts, unless it holds
 * them already (seeding takes about half a minute). Rows db:seed did not write are never dropped.
 */
async function ensureSeeded(db: Database, url: string) {
  await removeBenchRows(db);
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      foreign: sql<number>`(count(*) filter (where ${submissions.message} is null
        or ${submissions.message} not like 'Demo application number %'))::int`,
    })
    .from(submissions);
  if (counts!.all === QUERY_ROWS) return;
  if (counts!.foreign > 0) {
    throw new Error(
      `BENCH_DATABASE_URL holds ${counts!.foreign} applications that db:seed did not write; ` +
        "give the benchmark a database of its own",
    );
  }
  console.log(`queries: seeding ${QUERY_ROWS.toLocaleString("en")} applications…`);
  await db.execute(sql`truncate ${submissions} restart identity cascade`);
  const seeded = spawnSync(
    process.execPath,
    ["scripts/db-seed.ts", "--count", String(QUERY_ROWS)],
    { cwd: root, stdio: "inherit", env: { ...process.env, DATABASE_URL: url } },
  );
  if (seeded.status !== 0) throw new Error("db:seed failed");
}

async function planOf(db: Database, filter: ReviewListFilter) {
  const result = await db.execute(sql`explain ${reviewListQuery(db, filter, 51).getSQL()}`);
  const lines = (result as unknown as { rows: Record<string, string>[] }).rows.map(
    (row) => Object.values(row)[0]!,
  );
  return lines
    .map((line) => /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)[^(]*/.exec(line)?.[0])
    .filter((scan): scan is string => Boolean(scan))
    .map((scan) => scan.trim());
}

async function time(db: Database, label: string, filter: ReviewListFilter): Promise<QueryFigures> {
  let rows = 0;
  for (let i = 0; i < WARM_UP; i++) await listSubmissions(db, filter);
  const durations: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = (await listSubmissions(db, filter)).rows.length;
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return {
    label,
    rows,
    p50Ms: round(percentile(durations, 50)),
    p95Ms: round(percentile(durations, 95)),
    maxMs: round(durations.at(-1)!),
    plan: await planOf(db, filter),
  };
}

export async function queriesBench(): Promise<QueriesResult> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log("queries: skipped, BENCH_DATABASE_URL is not set");
    return { skipped: "BENCH_DATABASE_URL not set" };
  }
  const handle = openDatabase({ url, dataDir: "unused" });
  try {
    await handle.migrate();
    const { db } = handle;
    await ensureSeeded(db, url);
    // A cursor 10,000 rows down: keyset pagination should make page 200 cost what page 1 does.
    const deep = await db.execute(sql`
      select created_at::text as "createdAt", id from ${submissions} where status = 'Pendente'
      order by created_at desc, id desc offset 10000 limit 1`);
    const before = (deep as unknown as { rows: { createdAt: string; id: string }[] }).rows[0]!;
    console.log(`queries: ${RUNS} runs each at ${QUERY_ROWS.toLocaleString("en")} rows…`);
    const queries = [
      await time(db, "newest 50 Pendente", { status: "Pendente" }),
      await time(db, "newest 50 Pendente, page 201 (keyset)", {
        status: "Pendente",
        before: { createdAt: before.createdAt, id: Number(before.id) },
      }),
      // db:seed writes first.last<n>@example.com: about 4,300 addresses start this way.
      await time(db, "search e-mail prefix “ana.souza”", { search: "ana.souza" }),
      // About 21,000 matches, too many to sort quickly and too few to find by walking the dates:
      // the slowest search found at this size.
      await time(db, "search e-mail prefix “ana.s”", { search: "ana.s" }),
    ];
    return { tableRows: QUERY_ROWS, runs: RUNS, targetP95Ms: QUERY_TARGET_P95_MS, queries };
  } finally {
    await handle.close();
  }
}
