// Ad-hoc: the review list's searches on PGlite (on disk) at the size given by db-seed.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "#app/db/db.server.ts";
import { listSubmissions, reviewListQuery } from "#app/features/submissions/review-list.server.ts";

const handle = openDatabase({ dataDir: process.env.DATA_DIR!, purpose: "search bench" });
await handle.migrate();
const { db } = handle;
await db.execute(sql`analyze submissions`);
const count = await db.execute(sql`select count(*)::int as n from submissions`);
console.log("rows", (count as unknown as { rows: { n: number }[] }).rows[0]!.n);
const searches = ["Helena Sil", "ana.souza", "ana.s", "ana", "silva", "muller", "123457@example", "@tatiana.12345", "9912", "(48) 9 1234-5678", "jo", "4821", "21"];
for (const search of searches) {
  const runs: number[] = [];
  for (let i = 0; i < 25; i++) {
    const started = performance.now();
    await listSubmissions(db, { search });
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  const plan = await db.execute(sql`explain ${reviewListQuery(db, { search }, 51).getSQL()}`);
  const scans = (plan as unknown as { rows: Record<string, string>[] }).rows
    .map((r) => Object.values(r)[0]!)
    .map((line) => /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)[^(]*/.exec(line)?.[0]?.trim())
    .filter(Boolean);
  console.log(`${search.padEnd(20)} p50 ${runs[12]!.toFixed(1)} ms  p95 ${runs[23]!.toFixed(1)} ms  ${scans.join(" + ")}`);
}
await handle.close();
