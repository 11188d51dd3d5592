/**
 * What six pages weigh as the production server sends them: the HTML uncompressed and as Brotli
 * (`Accept-Encoding: br`, the bytes on the wire), and the hydration data inside it: the inline
 * scripts React Router writes for the browser's router (`window.__reactRouterContext = …` and the
 * loader data it streams in with `streamController.enqueue(…)`). Public pages as a first visitor
 * gets them; the areas signed in through the login form as an admin, an affiliate and a model,
 * in a database of the benchmark's own holding exactly 50 pending applications (the admin list's
 * first page is full).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { brotliDecompressSync } from "node:zlib";
import { createAccount, origin, root, signInThroughForm, startServer } from "./server.ts";

/** Decimal kilobytes (1 kB = 1,000 bytes), as the targets count. */
export const weightTargets = { htmlKb: 55, htmlBrotliKb: 12, hydrationKb: 15, adminListKb: 60 };

const accounts = {
  admin: "weight-admin@bench.example",
  affiliate: "weight-affiliate@bench.example",
  model: "weight-model@bench.example",
} as const;
type Role = keyof typeof accounts;

export const weightPages: { path: string; as?: Role }[] = [
  { path: "/" },
  { path: "/blog/security-and-anonymity" },
  { path: "/login" },
  { path: "/admin/pendentes", as: "admin" },
  { path: "/portal", as: "affiliate" },
  { path: "/dashboard/model", as: "model" },
];

export interface PageWeight {
  path: string;
  /** Who asked: a first visitor, or the role signed in. */
  as: Role | "visitor";
  htmlBytes: number;
  htmlBrotliBytes: number;
  hydrationBytes: number;
  /** Rows the admin list shows (its `<tbody>` rows): the target counts a full first page. */
  rows?: number;
}

export interface WeightResult {
  pages: PageWeight[];
}

/** A document request as a browser makes it, read as it came over the wire. */
function getDocument(pathname: string, cookie = "") {
  return new Promise<{ status: number; encoding?: string; wire: Buffer }>((resolve, reject) => {
    http
      .get(
        `${origin}${pathname}`,
        {
          headers: {
            accept: "text/html",
            "accept-encoding": "br",
            "sec-fetch-mode": "navigate",
            ...(cookie ? { cookie } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              encoding: response.headers["content-encoding"],
              wire: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on("error", reject);
  });
}

/**
 * Bytes of the inline scripts that carry the router's state: the context object and the
 * streamed loader data. The module script that imports the route files and lists the route
 * manifest is code, not data, and is not counted.
 */
export function hydrationBytes(html: string) {
  let bytes = 0;
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (/^\s*window\.__reactRouterContext\b/.test(body!)) bytes += Buffer.byteLength(body!);
  }
  return bytes;
}

function seed(dataDir: string, count: number) {
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const result = spawnSync("npm", ["run", "--silent", "db:seed", "--", "--count", String(count)], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("weight: db:seed failed");
}

export async function weightBench(): Promise<WeightResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mare-bench-weight-"));
  try {
    // db:seed makes half of its applications pending: 100 of them give the list 50 rows.
    seed(dataDir, 100);
    const password = randomBytes(18).toString("base64url");
    for (const [role, email] of Object.entries(accounts)) {
      await createAccount({ email, role, password, database: { dataDir } });
    }
    const server = await startServer({ dataDir });
    try {
      const cookies: Partial<Record<Role, string>> = {};
      for (const [role, email] of Object.entries(accounts) as [Role, string][]) {
        cookies[role] = (await signInThroughForm(email, password)).cookie;
      }
      const pages: PageWeight[] = [];
      for (const page of weightPages) {
        const answer = await getDocument(page.path, page.as ? cookies[page.as] : "");
        if (answer.status !== 200)
          throw new Error(`weight: ${page.path} answered ${answer.status}`);
        if (answer.encoding !== "br") {
          throw new Error(`weight: ${page.path} came as ${answer.encoding ?? "identity"}, not br`);
        }
        const html = brotliDecompressSync(answer.wire).toString("utf8");
        const tbody =
          page.as === "admin" ? /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] : undefined;
        pages.push({
          path: page.path,
          as: page.as ?? "visitor",
          htmlBytes: Buffer.byteLength(html),
          htmlBrotliBytes: answer.wire.length,
          hydrationBytes: hydrationBytes(html),
          ...(tbody === undefined ? {} : { rows: tbody.match(/<tr\b/g)?.length ?? 0 }),
        });
      }
      const list = pages.find((page) => page.path === "/admin/pendentes");
      if (list?.rows !== 50) throw new Error(`weight: /admin/pendentes shows ${list?.rows} rows`);
      return { pages };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
