import { readFile } from "node:fs/promises";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { outbox } from "#app/db/schema.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { migrationLevel } from "./checklist.server.ts";
import { serverErrors } from "./server-errors.server.ts";

/** The libraries a support question usually turns on. */
const libraries = [
  "react",
  "react-dom",
  "react-router",
  "better-auth",
  "drizzle-orm",
  "@electric-sql/pglite",
  "pg",
  "nodemailer",
  "i18next",
  "zod",
];

async function versionOf(name: string) {
  try {
    const file = path.join(process.cwd(), "node_modules", name, "package.json");
    return (JSON.parse(await readFile(file, "utf8")) as { version: string }).version;
  } catch {
    return null;
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What /admin/tech-report shows: this process, its database, the mail queue and its errors. */
export async function techReport(db: Database) {
  const [app, versions, database, size, migrations, mail] = await Promise.all([
    readFile(path.join(process.cwd(), "package.json"), "utf8").then(
      (text) => JSON.parse(text) as { name: string; version: string },
    ),
    Promise.all(libraries.map(async (name) => ({ name, version: await versionOf(name) }))),
    db.execute(sql`select version() as version`),
    db.execute(sql`select pg_database_size(current_database())::bigint as bytes`),
    migrationLevel(db),
    db.select({ status: outbox.status, count: count() }).from(outbox).groupBy(outbox.status),
  ]);
  const memory = process.memoryUsage();
  return {
    app: { name: app.name, version: app.version },
    node: process.version,
    libraries: versions,
    uptimeSeconds: Math.round(process.uptime()),
    memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
    database: {
      kind: getEnv().DATABASE_URL ? "PostgreSQL" : "PGlite",
      version: rowsOf<{ version: string }>(database)[0]?.version.split(" on ")[0] ?? "",
      bytes: Number(rowsOf<{ bytes: string | number }>(size)[0]?.bytes ?? 0),
      migrations,
    },
    outbox: Object.fromEntries(mail.map((row) => [row.status, row.count])) as Partial<
      Record<"queued" | "sent" | "failed", number>
    >,
    errors: serverErrors(),
  };
}

export type TechReport = Awaited<ReturnType<typeof techReport>>;
