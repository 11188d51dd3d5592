import { and, eq, isNull, sql } from "drizzle-orm";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { settings, submissions, submissionStatusHistory, user } from "#app/db/schema.server.ts";
import { DEFAULT_RETENTION_MONTHS, MAX_RETENTION_MONTHS } from "./constants.ts";
import { eraseAddressTraces, eraseApplications } from "./erasure.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { startPeriodicJob } from "#app/utils/periodic-job.server.ts";
import { pruneRateLimits } from "#app/utils/rate-limit.server.ts";
import { knownAddresses } from "#app/auth/limits.server.ts";

/** The admin's retention setting: `{ months }`. */
export const RETENTION_KEY = "privacy.retention";
/**
 * The job's claim and result: `updated_at` is when a run last started (the claim), the value
 * what it did. Several instances race for it; one conditional upsert lets one of them win.
 */
export const RETENTION_RUN_KEY = "privacy.retention.run";

/** How often each instance checks whether a run is due; a run happens once per 24 hours. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The first check after start: soon, but not in the middle of the start-up's own work. */
const FIRST_CHECK_MS = 60 * 1000;
/** Applications erased per transaction: a long run never holds many rows locked at once. */
const BATCH = 200;

export interface RetentionSetting {
  months: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

export async function readRetention(db: Reader): Promise<RetentionSetting> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt, by: user.name })
    .from(settings)
    .leftJoin(user, eq(user.id, settings.updatedBy))
    .where(eq(settings.key, RETENTION_KEY));
  const months = row?.value.months;
  return {
    months:
      typeof months === "number" && Number.isInteger(months) && months >= 0
        ? Math.min(months, MAX_RETENTION_MONTHS)
        : DEFAULT_RETENTION_MONTHS,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.by ?? null,
  };
}

/** Saves the setting with its access-log entry (from → to), in one transaction. */
export async function saveRetention(
  db: Database,
  months: number,
  actor: { id: string; ip?: string | null },
) {
  await db.transaction(async (tx) => {
    const before = await readRetention(tx);
    await tx
      .insert(settings)
      .values({ key: RETENTION_KEY, value: { months }, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { months }, updatedAt: new Date(), updatedBy: actor.id },
      });
    await recordAccess(tx, "settings.retention", {
      actor,
      subject: `settings:${RETENTION_KEY}`,
      details: { from: before.months, to: months },
    });
  });
}

export interface RetentionRun {
  startedAt: string;
  finishedAt: string | null;
  months: number;
  erased: number;
  /** Rate-limit counters deleted because they no longer count. */
  prunedCounters?: number;
  /** Set when the run stopped early (shutdown, or an error, written to the server log). */
  stopped?: "shutdown" | "error";
}

/** The last run, as the admin screen shows it; null before the first. */
export async function lastRetentionRun(db: Reader): Promise<RetentionRun | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RETENTION_RUN_KEY));
  const value = row?.value;
  if (!value || typeof value.startedAt !== "string") return null;
  return {
    startedAt: value.startedAt,
    finishedAt: typeof value.finishedAt === "string" ? value.finishedAt : null,
    months: typeof value.months === "number" ? value.months : DEFAULT_RETENTION_MONTHS,
    erased: typeof value.erased === "number" ? value.erased : 0,
    ...(typeof value.prunedCounters === "number" ? { prunedCounters: value.prunedCounters } : {}),
    ...(value.stopped === "shutdown" || value.stopped === "error"
      ? { stopped: value.stopped }
      : {}),
  };
}

/**
 * Takes today's run for this instance: one upsert that succeeds only when no run started in the
 * last 24 hours. PostgreSQL re-checks the condition on the row another instance just wrote, so of
 * two instances racing, exactly one gets a row back. `force` (the admin's "run now") claims
 * whatever the time.
 */
async function claimRun(db: Database, now: Date, force: boolean) {
  const startedAt = now.toISOString();
  const value = { startedAt, finishedAt: null, erased: 0 };
  const claimed = await db
    .insert(settings)
    .values({ key: RETENTION_RUN_KEY, value, updatedAt: now })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedAt: now },
      ...(force
        ? {}
        : {
            setWhere: sql`${settings.updatedAt} <= ${startedAt}::timestamptz - interval '24 hours'`,
          }),
    })
    .returning({ key: settings.key });
  return claimed.length > 0;
}

/**
 * One batch of what the retention erases: rejected applications, not yet erased, whose last
 * status change (the newest history row; the application's own date if it has none) is older
 * than the cutoff. Pending and approved ones are never touched.
 */
async function dueBatch(db: Database, cutoff: Date) {
  const lastChange = sql`coalesce(
    (select max(${submissionStatusHistory.createdAt}) from ${submissionStatusHistory}
      where ${submissionStatusHistory.submissionId} = ${submissions.id}),
    ${submissions.updatedAt})`;
  return db
    .select({ id: submissions.id, email: submissions.emailNormalized, name: submissions.fullName })
    .from(submissions)
    .where(
      and(
        eq(submissions.status, "Reprovado"),
        isNull(submissions.erasedAt),
        sql`${lastChange} < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(submissions.id)
    .limit(BATCH);
}

export interface RetentionOptions {
  /** The time the run takes as now (tests move it; the job uses the clock). */
  now?: Date;
  /** The admin's "apply now": runs even if a run happened in the last 24 hours. */
  force?: boolean;
  /** Asked between batches: true stops the run there (the server is shutting down). */
  shouldStop?: () => boolean;
  /** Who asked for a forced run, for the access log. */
  actor?: { id: string; ip?: string | null };
}

/**
 * Applies the retention period once, if this instance wins today's claim: erases the personal
 * data of every rejected application whose last status change is older than the setting, in
 * batches, and records what it did (the admin screen, and the access log when it erased any).
 */
export async function runRetention(
  db: Database,
  { now = new Date(), force = false, shouldStop = () => false, actor }: RetentionOptions = {},
): Promise<{ ran: false } | { ran: true; erased: number; months: number }> {
  if (!(await claimRun(db, now, force))) return { ran: false };
  const { months } = await readRetention(db);
  const run: RetentionRun = { startedAt: now.toISOString(), finishedAt: null, months, erased: 0 };
  try {
    if (months > 0) {
      const cutoff = new Date(now);
      cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
      for (;;) {
        if (shouldStop()) {
          run.stopped = "shutdown";
          break;
        }
        const batch = await dueBatch(db, cutoff);
        if (!batch.length) break;
        run.erased += await db.transaction(async (tx) => {
          const erased = await eraseApplications(
            tx,
            batch.map((row) => row.id),
          );
          // The mails to an address go too, once nothing else of hers is kept.
          for (const address of new Set(batch.map((row) => row.email))) {
            const [stillHeld] = await tx
              .execute<{ held: boolean }>(
                sql`
              select exists (select 1 from ${submissions}
                where ${submissions.emailNormalized} = ${address} and ${submissions.erasedAt} is null)
              or exists (select 1 from ${user} where lower(${user.email}) = ${address}) as held`,
              )
              .then((result) => (result as unknown as { rows: { held: boolean }[] }).rows);
            if (!stillHeld?.held) {
              const names = batch.filter((row) => row.email === address).map((row) => row.name);
              await eraseAddressTraces(tx, address, names);
            }
          }
          return erased.length;
        });
      }
    }
    // Rate-limit counters that no longer count name addresses: they go too.
    run.prunedCounters = await pruneRateLimits(db, now, [knownAddresses]);
  } catch (error) {
    run.stopped = "error";
    logger().error({ event: "privacy.retention-error", err: error });
  }
  run.finishedAt = new Date().toISOString();
  await db.transaction(async (tx) => {
    // The result goes into the value only: updated_at stays the claim's time.
    await tx
      .update(settings)
      .set({ value: { ...run } })
      .where(eq(settings.key, RETENTION_RUN_KEY));
    if (run.erased > 0 || actor) {
      await recordAccess(tx, "privacy.retention", {
        actor: actor ?? null,
        subject: `settings:${RETENTION_KEY}`,
        details: { months, erased: run.erased, ...(run.stopped ? { stopped: run.stopped } : {}) },
      });
    }
  });
  return { ran: true, erased: run.erased, months };
}

/**
 * The daily job, started with the server beside the mail sender: a first check a minute after
 * start, then one every hour; a run happens when none did in the last 24 hours, on whichever
 * instance claims it first. Stopping waits for the batch in progress and runs no further one.
 */
export function startRetentionJob(
  getDb: () => Promise<Database>,
  { firstCheckMs = FIRST_CHECK_MS, checkEveryMs = CHECK_EVERY_MS } = {},
) {
  return startPeriodicJob(
    "privacy.retention",
    async (shouldStop) => {
      const result = await runRetention(await getDb(), { shouldStop });
      if (result.ran) {
        logger().info({ event: "privacy.retention", months: result.months, erased: result.erased });
      }
    },
    { everyMs: checkEveryMs, firstRunMs: firstCheckMs },
  );
}
