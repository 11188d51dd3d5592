import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "#app/utils/logger.server.ts";
import type { Database, Transaction } from "./db.server.ts";
import * as schema from "./schema.server.ts";

/**
 * The work did not finish in time. `notStored`: its transaction is proven never to commit (it
 * never sent COMMIT, or the database says it aborted). `unknown`: COMMIT was sent and the
 * database could not be asked what became of it.
 */
export class DatabaseTimeout extends Error {
  readonly outcome: "notStored" | "unknown";
  constructor(outcome: "notStored" | "unknown") {
    super(`the database did not answer in time (${outcome})`);
    this.name = "DatabaseTimeout";
    this.outcome = outcome;
  }
}

export interface DeadlineSession {
  /** The session's own connection: each statement is committed on its own. */
  db: Database;
  /**
   * Work that is stored whole or not at all. When the time runs out while it commits, the answer
   * is what the database did: the work's result if it committed, DatabaseTimeout if it did not.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** How long the check of a transaction cut off while committing may take. */
const VERIFY_MS = 5_000;
/** How long that check waits for the cut-off session's backend to exit. */
const TERMINATE_WAIT_MS = 2_000;

/**
 * Runs a visitor's database work so that it ends within `ms`, with an honest outcome.
 *
 * On PostgreSQL a slow or stalled server (or the network to it) would otherwise hold the request
 * for as long as TCP keeps the connection open: the pool bounds only connecting, and
 * node-postgres's own `query_timeout` gives up on one query but leaves its connection, and a
 * transaction on it, open. So the work gets a pooled connection of its own, and when the time is
 * up that connection is destroyed, which fails whatever query is waiting at once. A transaction
 * cut off that way cannot be half-stored: PostgreSQL commits only on COMMIT, and everything
 * before it goes or stays together. The one doubtful moment is a COMMIT already sent whose
 * answer has not come back: then a second connection ends the first one's backend if its
 * transaction is still open (so a COMMIT still on its way can no longer land) and asks
 * pg_xact_status() what happened, so that a visitor whose application was stored is told so.
 * Only when the database cannot be reached for that either is the outcome unknown. Inside the
 * transaction the server is also told to give up on its own (statement_timeout,
 * idle_in_transaction_session_timeout), so that a session whose client went away does not hold
 * its locks.
 *
 * PGlite runs inside this process: no network can stall it, and a failed or closed database
 * errors at once, so its work runs as it is.
 */
export async function withDeadline<T>(
  db: Database,
  ms: number,
  work: (session: DeadlineSession) => Promise<T>,
): Promise<T> {
  // drizzle's documented handle on the driver's client.
  const driver = (db as { $client?: unknown }).$client;
  if (!(driver instanceof pg.Pool)) {
    return work({ db, transaction: (job) => db.transaction(job) });
  }
  const pool = driver;

  let client: pg.PoolClient | undefined;
  let timedOut = false;
  /** Set once the transaction's work is done, i.e. COMMIT is sent or about to be. */
  let committing: Started | undefined;

  const destroy = () => {
    const open = client;
    client = undefined;
    // Released with an error, the pool closes the connection instead of reusing it.
    open?.release(new Error("database work cut off at its deadline"));
  };

  const limitMs = Math.max(1, Math.ceil(ms));

  async function transaction<R>(session: Database, job: (tx: Transaction) => Promise<R>) {
    let done: { value: R } | undefined;
    let started: Started | undefined;
    try {
      return await session.transaction(async (tx) => {
        const result = await tx.execute(sql`
          select pg_current_xact_id()::text as xid, pg_backend_pid() as pid,
            set_config('statement_timeout', ${String(limitMs)}, true),
            set_config('idle_in_transaction_session_timeout', ${String(limitMs)}, true)`);
        const [row] = (result as unknown as { rows: { xid: string; pid: number }[] }).rows;
        started = { xid: row!.xid, pid: Number(row!.pid) };
        const value = await job(tx);
        // A time-out from here on may find the transaction committed: it is asked, not assumed.
        if (timedOut) throw new DatabaseTimeout("notStored");
        done = { value };
        committing = started;
        return value;
      });
    } catch (error) {
      if (!timedOut || !done || !started) throw error;
      const status = await transactionStatus(pool, started);
      if (status === "committed") return done.value;
      throw new DatabaseTimeout(status === "aborted" ? "notStored" : "unknown");
    }
  }

  async function run(): Promise<T> {
    const connected = await pool.connect();
    if (timedOut) {
      connected.release(new Error("connected after the deadline"));
      throw new DatabaseTimeout("notStored");
    }
    client = connected;
    try {
      const session = sessionOn(connected);
      const result = await work({ db: session, transaction: (job) => transaction(session, job) });
      client?.release();
      client = undefined;
      return result;
    } catch (error) {
      destroy();
      if (error instanceof DatabaseTimeout || !timedOut) throw error;
      throw new DatabaseTimeout("notStored");
    }
  }

  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      timedOut = true;
      destroy();
      // Cut off before COMMIT: nothing was stored, and she is told at once. Otherwise the
      // transaction's own catch asks the database and settles the answer.
      if (!committing) reject(new DatabaseTimeout("notStored"));
    }, ms);
    run()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

interface Started {
  xid: string;
  pid: number;
}

/** A drizzle database on one pooled connection, made once per connection (the pool reuses them). */
const sessions = new WeakMap<pg.PoolClient, Database>();
function sessionOn(connection: pg.PoolClient): Database {
  let session = sessions.get(connection);
  if (!session) sessions.set(connection, (session = drizzle(connection, { schema })));
  return session;
}

/**
 * What became of a transaction whose COMMIT was sent on a connection since destroyed: if it is
 * still open its backend is ended first (waiting for it to exit), so the answer is final.
 */
async function transactionStatus(
  pool: pg.Pool,
  transaction: { xid: string; pid: number },
): Promise<"committed" | "aborted" | "unknown"> {
  let client: pg.PoolClient | undefined;
  let gaveUp = false;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<"unknown">((resolve) => {
    timer = setTimeout(() => {
      gaveUp = true;
      client?.release(new Error("transaction check cut off"));
      client = undefined;
      resolve("unknown");
    }, VERIFY_MS);
  });
  const check = async (): Promise<"committed" | "aborted" | "unknown"> => {
    const connected = await pool.connect();
    if (gaveUp) {
      connected.release(new Error("connected after the check gave up"));
      return "unknown";
    }
    client = connected;
    await connected.query(
      `select case when pg_xact_status($1::xid8) = 'in progress'
        then pg_terminate_backend($2, $3) end`,
      [transaction.xid, transaction.pid, TERMINATE_WAIT_MS],
    );
    const { rows } = await connected.query<{ status: string | null }>(
      "select pg_xact_status($1::xid8) as status",
      [transaction.xid],
    );
    client = undefined;
    connected.release();
    const status = rows[0]?.status;
    return status === "committed" ? "committed" : status === "aborted" ? "aborted" : "unknown";
  };
  try {
    const status = await Promise.race([check(), timeUp]);
    logger().warn({ event: "db.deadline-commit-checked", status });
    return status;
  } catch (error) {
    client?.release(error instanceof Error ? error : new Error(String(error)));
    client = undefined;
    logger().warn({ event: "db.deadline-commit-check-failed", err: error });
    return "unknown";
  } finally {
    clearTimeout(timer);
  }
}
