/**
 * Password sign-ins per second through the real endpoint: the login form's action (POST /login,
 * as a browser without JavaScript posts it; with JavaScript it is the same action), which counts
 * the attempt against the app's limits, asks Better Auth's signInEmail to check the password and
 * answers with the session cookie and a redirect. Better Auth's own /api/auth/sign-in/email is not
 * exposed (app/routes/resources/auth-api.ts), so this is the only way a password reaches the hash.
 * The production server on the embedded PGlite, on disk.
 *
 * The limits. The app allows 30 sign-ins per address in 10 minutes and 10 per account in 15
 * (app/auth/limits.server.ts): limits against guessing, which a benchmark from one address to one
 * account would meet within a second. They are not weakened here. Real sign-ins come from many
 * people at many addresses, and a deployment behind a reverse proxy learns each one's address
 * from X-Forwarded-For because TRUST_PROXY says to trust that proxy. The bench does the same: its
 * server trusts the loopback proxy (TRUST_PROXY=loopback), and each of many accounts signs in
 * from an address of its own, once per pass over them. Every attempt is still counted by both
 * limits in the database (that bookkeeping is part of the time measured), and any 429 shows in
 * the results.
 */
import { randomBytes, scrypt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { openDatabase } from "#app/db/db.server.ts";
import { account, user } from "#app/db/schema.server.ts";
import { createAccount, origin, startServer } from "./server.ts";

export const SIGNIN_CONNECTIONS = 10;
const WARM_UP = 30;
/** Accounts made per second of the run: a pass over them takes longer than the limits allow. */
const ACCOUNTS_PER_SECOND = 50;
const DOMAIN = "signin.bench.example";

/**
 * Better Auth's password hash (better-auth 1.7: `hashPassword` of @better-auth/utils, whose
 * Node build, dist/password.node.mjs, calls node:crypto's scrypt with these values on a 16-byte
 * random salt written as hex, and stores `salt:key` in hex). The app sets no hash of its own
 * (emailAndPassword in app/auth/auth.server.ts). Checked on every run against a hash the app
 * made: a Better Auth upgrade that changes them stops the benchmark until this is updated.
 */
export const PASSWORD_HASH = {
  algorithm: "scrypt",
  N: 16384,
  r: 16,
  p: 1,
  keyLength: 64,
  saltBytes: 16,
} as const;

export interface SignInResult {
  endpoint: string;
  database: string;
  seconds: number;
  connections: number;
  accounts: number;
  hash: typeof PASSWORD_HASH & {
    /** 128 × N × r bytes: what one hash holds while it runs. */
    memoryMiB: number;
    /** libuv's pool, where node:crypto runs scrypt: at most this many hashes at once. */
    threadPool: number;
  };
  /** The same hash in the bench process, `threadPool` at a time, before the server starts. */
  hashAlone: { hashesPerSecond: number; oneHashMs: number };
  signInsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  sent: number;
  /** 302 to the account's home with a session cookie. */
  signedIn: number;
  /** 429: a limit was met. */
  rateLimited: number;
  /** Any other answer (a refused password would be a 401). */
  otherAnswers: number;
  statusCodes: Record<string, number>;
  /** Requests that got no answer at all (timeouts included). */
  errors: number;
}

const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;

function scryptHash(password: string, salt: string) {
  const { N, r, p, keyLength } = PASSWORD_HASH;
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      keyLength,
      { N, r, p, maxmem: 256 * N * r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Whether `stored` (a hash the app made of `password`) is what PASSWORD_HASH computes. */
async function checkHashParameters(stored: string, password: string) {
  const [salt, key] = stored.split(":");
  const matches =
    salt?.length === PASSWORD_HASH.saltBytes * 2 &&
    (await scryptHash(password, salt)).toString("hex") === key;
  if (!matches) {
    throw new Error(
      "the app's password hash is not scrypt with the parameters in PASSWORD_HASH " +
        "(bench/signin.ts): read Better Auth's hashPassword again and update them",
    );
  }
}

/** Hashes per second with `threadPool` running at once, and one hash's time alone. */
async function hashAlone(seconds = 2): Promise<SignInResult["hashAlone"]> {
  const salt = randomBytes(PASSWORD_HASH.saltBytes).toString("hex");
  const single: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await scryptHash("bench password", salt);
    single.push(performance.now() - started);
  }
  single.sort((a, b) => a - b);
  let hashes = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: threadPool }, async () => {
      while (performance.now() < until) {
        await scryptHash("bench password", salt);
        hashes++;
      }
    }),
  );
  return {
    hashesPerSecond: Math.round(hashes / ((performance.now() - started) / 1000)),
    oneHashMs: Math.round(single[2]! * 10) / 10,
  };
}

const emailOf = (i: number) => `signin${i}@${DOMAIN}`;
/** Account i's own client address, 10.x.y.z. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * `count` verified model accounts with one password. The first is made by `npm run user:create`
 * (the app's own hashing); the others get a copy of its hash, since making each would cost a
 * hash too. A copy costs the same to check: every sign-in runs the whole scrypt.
 */
async function makeAccounts(dataDir: string, count: number) {
  const password = randomBytes(18).toString("base64url");
  await createAccount({ email: emailOf(0), role: "model", password, database: { dataDir } });
  const handle = openDatabase({ dataDir, purpose: "the benchmark" });
  try {
    await handle.migrate();
    const [first] = await handle.db
      .select({ hash: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, emailOf(0)));
    if (!first?.hash) throw new Error("user:create made no password account");
    await checkHashParameters(first.hash, password);
    const now = new Date();
    for (let start = 1; start < count; start += 500) {
      const ids = Array.from(
        { length: Math.min(500, count - start) },
        (_, k) => `bench-signin-${start + k}`,
      );
      await handle.db.insert(user).values(
        ids.map((id, k) => ({
          id,
          name: `Bench ${start + k}`,
          email: emailOf(start + k),
          emailVerified: true,
          role: "model" as const,
          language: "pt",
        })),
      );
      await handle.db.insert(account).values(
        ids.map((id) => ({
          id: `${id}-password`,
          accountId: id,
          providerId: "credential",
          userId: id,
          password: first.hash,
          updatedAt: now,
        })),
      );
    }
  } finally {
    await handle.close();
  }
  return password;
}

const formHeaders = {
  "content-type": "application/x-www-form-urlencoded",
  accept: "text/html",
  "accept-encoding": "gzip, deflate, br",
  origin,
  "sec-fetch-site": "same-origin",
};

interface SignInRequest {
  headers: Record<string, string>;
  body: string;
}

/** The accounts in turn, each from its own address. */
function signIns(accounts: number, password: string): () => SignInRequest {
  let next = 0;
  return () => {
    const i = next++ % accounts;
    return {
      headers: { ...formHeaders, "x-forwarded-for": addressOf(i) },
      body: new URLSearchParams({ email: emailOf(i), password }).toString(),
    };
  };
}

async function load(until: { amount: number } | { duration: number }, next: () => SignInRequest) {
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        ...until,
        url: `${origin}/login`,
        method: "POST",
        connections: SIGNIN_CONNECTIONS,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (error: unknown, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", () => {
      lastAnswer = performance.now();
    });
  });
  return { result, seconds: (lastAnswer - started) / 1000 };
}

export async function signInBench(seconds: number): Promise<SignInResult> {
  const accounts = ACCOUNTS_PER_SECOND * seconds + WARM_UP;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mare-bench-"));
  try {
    console.log(`signin: ${accounts} accounts…`);
    const password = await makeAccounts(dataDir, accounts);
    const alone = await hashAlone();
    const server = await startServer({ dataDir, env: { TRUST_PROXY: "loopback" } });
    try {
      const next = signIns(accounts, password);
      const probe = next();
      const answer = await fetch(`${origin}/login`, {
        method: "POST",
        redirect: "manual",
        headers: probe.headers,
        body: probe.body,
      });
      const location = answer.headers.get("location") ?? "";
      if (
        answer.status !== 302 ||
        location.startsWith("/login") ||
        !answer.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))
      ) {
        throw new Error(`sign-in answered ${answer.status} → ${location || "no redirect"}`);
      }
      await load({ amount: WARM_UP }, next);
      console.log(`signin: POST /login, ${SIGNIN_CONNECTIONS} connections for ${seconds} s…`);
      const { result, seconds: measured } = await load({ duration: seconds }, next);
      const statusCodes = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
      );
      const signedIn = statusCodes["302"] ?? 0;
      const rateLimited = statusCodes["429"] ?? 0;
      const answered = Object.values(statusCodes).reduce((sum, n) => sum + n, 0);
      if (rateLimited) console.log(`signin: ${rateLimited} attempts met a limit (429)`);
      const { N, r } = PASSWORD_HASH;
      return {
        endpoint: "POST /login",
        database: "PGlite on disk",
        seconds,
        connections: SIGNIN_CONNECTIONS,
        accounts,
        hash: { ...PASSWORD_HASH, memoryMiB: (128 * N * r) / 2 ** 20, threadPool },
        hashAlone: alone,
        signInsPerSecond: Math.round((signedIn / measured) * 10) / 10,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        sent: result.requests.sent,
        signedIn,
        rateLimited,
        otherAnswers: answered - signedIn - rateLimited,
        statusCodes,
        errors: result.errors,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
