/**
 * The back office as a signed-in admin's browser meets it, at a million applications on
 * PostgreSQL: the production server, an admin made with `npm run user:create`, signed in through
 * the login form, then
 *  - each page asked for REQUESTS times in a row as a document (the HTML a browser receives on a
 *    first visit or reload), timed to its last byte over loopback: the server's own time;
 *  - a CSV export of 100,000 rows, with the server process's memory sampled all along from
 *    /proc: a streamed export keeps it flat, one built in memory would grow with the file.
 * Over plain http the server asks no second factor of staff (only when PUBLIC_ORIGIN is https).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, inArray, like, or } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { accessLog, authEvents, rateLimits, user } from "#app/db/schema.server.ts";
import {
  buildDir,
  createAccount,
  origin,
  signInThroughForm,
  startServer,
  type BenchServer,
} from "./server.ts";

const REQUESTS = 100;
const WARM_UP = 10;
// Removed before and after each run, with what the account left behind.
const ADMIN_EMAIL = "admin@bench.example";

/**
 * What an admin opens most: the queue, a search in all applications, the dashboard; and the
 * manager's analytics for the last 30 days, every table with the period before it (seconds a
 * page at a million applications: asked for fewer times).
 */
export const adminPages = [
  "/admin/pendentes",
  "/admin/cadastros?q=ana.souza",
  "/admin/dashboard",
  "/admin/analytics",
];
const requestsOf = (pathname: string) => (pathname === "/admin/analytics" ? 20 : REQUESTS);
/** Approved applications in Portuguese: db:seed's spread makes exactly 100,000 of them. */
export const exportPath = "/admin/export.csv?list=/admin/aprovados&language=pt";

export interface PageFigures {
  path: string;
  requests: number;
  /** Size of one answer, uncompressed. */
  bytes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface ExportFigures {
  path: string;
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  /** The server process's resident memory just before the request (VmRSS). */
  rssBeforeMiB: number;
  /** The highest VmRSS sampled every 10 ms while the file streamed. */
  rssPeakMiB: number;
  rssAfterMiB: number;
  samples: number;
}

export type AdminHttpResult =
  { skipped: string } | { requests: number; pages: PageFigures[]; export: ExportFigures };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (value: number) => Math.round(value * 100) / 100;
const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;

/** The account of an earlier run, and its traces (sign-in counters, access log rows). */
async function removeAdmin(db: Database) {
  const found = await db.select({ id: user.id }).from(user).where(eq(user.email, ADMIN_EMAIL));
  const ids = found.map((row) => row.id);
  if (ids.length) {
    await db.delete(accessLog).where(inArray(accessLog.actorId, ids));
    await db.delete(authEvents).where(inArray(authEvents.userId, ids));
    // Sessions and the password go with the account (foreign keys cascade).
    await db.delete(user).where(inArray(user.id, ids));
  }
  await db
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, `signIn:account:${ADMIN_EMAIL}`),
        like(rateLimits.key, "signIn:ip:%127.0.0.1"),
      ),
    );
}

/** The bench admin, made as an operator makes one, in the bench database. */
const createAdmin = (url: string, password: string) =>
  createAccount({ email: ADMIN_EMAIL, role: "admin", password, database: { url } });

/** The bench admin signed in through the login form: her session cookie. */
async function signIn(password: string) {
  const { cookie, location } = await signInThroughForm(ADMIN_EMAIL, password);
  if (!location.startsWith("/admin")) throw new Error(`sign-in sent the admin to ${location}`);
  return cookie;
}

/** One document request, read to its last byte; redirects (to the login) are failures. */
async function getPage(pathname: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${origin}${pathname}`, {
    redirect: "manual",
    headers: { cookie, accept: "text/html", "sec-fetch-mode": "navigate" },
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  return { ms, body };
}

async function timePage(pathname: string, cookie: string): Promise<PageFigures> {
  const requests = requestsOf(pathname);
  for (let i = 0; i < Math.min(WARM_UP, requests); i++) await getPage(pathname, cookie);
  const durations: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const { ms, body } = await getPage(pathname, cookie);
    durations.push(ms);
    bytes = Buffer.byteLength(body);
  }
  durations.sort((a, b) => a - b);
  return {
    path: pathname,
    requests,
    bytes,
    p50Ms: round(percentile(durations, 50)),
    p95Ms: round(percentile(durations, 95)),
    maxMs: round(durations.at(-1)!),
  };
}

/** VmRSS of a process, in KiB, from /proc (Linux). */
function residentKiB(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

async function timeExport(server: BenchServer, cookie: string): Promise<ExportFigures> {
  const pid = server.process.pid!;
  const before = residentKiB(pid);
  let peak = before;
  let samples = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentKiB(pid));
    samples++;
  }, 10);
  try {
    const started = performance.now();
    const response = await fetch(`${origin}${exportPath}`, { headers: { cookie } });
    if (response.status !== 200 || !response.body) {
      throw new Error(`${exportPath} answered ${response.status}`);
    }
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      if (!bytes) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, residentKiB(pid));
    return {
      path: exportPath,
      // The header line is not a row; db:seed's cells hold no line breaks.
      rows: lines - 1,
      bytes,
      seconds: round(seconds),
      firstByteMs: round(firstByteMs),
      rssBeforeMiB: mib(before),
      rssPeakMiB: mib(peak),
      rssAfterMiB: mib(residentKiB(pid)),
      samples,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function adminHttpBench(db: Database, url: string): Promise<AdminHttpResult> {
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.log(`queries (HTTP): skipped, no production build in ${buildDir}`);
    return { skipped: "no production build" };
  }
  const password = randomBytes(18).toString("base64url");
  await removeAdmin(db);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mare-bench-"));
  try {
    await createAdmin(url, password);
    const server = await startServer({ dataDir, databaseUrl: url });
    try {
      const cookie = await signIn(password);
      const search = await getPage(adminPages[1]!, cookie);
      if (!search.body.includes("ana.souza")) {
        throw new Error(`${adminPages[1]} shows no application of the search`);
      }
      // The export first, on a server that has rendered only a page or two: its memory has not
      // grown yet, so whatever the export held would show.
      console.log(`queries (HTTP): ${exportPath}…`);
      const exported = await timeExport(server, cookie);
      console.log(`queries (HTTP): ${REQUESTS} requests each of ${adminPages.join(", ")}…`);
      const pages: PageFigures[] = [];
      for (const page of adminPages) pages.push(await timePage(page, cookie));
      return { requests: REQUESTS, pages, export: exported };
    } finally {
      await server.stop();
    }
  } finally {
    await removeAdmin(db);
    await rm(dataDir, { recursive: true, force: true });
  }
}
