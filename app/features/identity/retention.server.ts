import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { identityChecks, identityImages, settings, user } from "#app/db/schema.server.ts";
import type { Check } from "#app/features/reports/checklist.server.ts";
import { logger } from "#app/utils/logger.server.ts";
import { startPeriodicJob } from "#app/utils/periodic-job.server.ts";
import {
  DEFAULT_IDENTITY_IMAGE_DAYS,
  MAX_IDENTITY_IMAGE_DAYS,
  MIN_IDENTITY_IMAGE_DAYS,
} from "./limits.ts";

/**
 * Her identity photos are kept a number of days after a reviewer answered (default 90, the
 * admin's setting beside the applications' retention), then deleted by a periodic job; the
 * check's record stays (decision 054).
 */

/** The admin's setting: `{ days }`. */
export const IDENTITY_IMAGES_KEY = "identity.images";

/** How often each instance looks for photos past their time; a batch at a time. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_CHECK_MS = 90 * 1000;
const BATCH = 100;

export interface IdentityImagesSetting {
  days: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export async function readIdentityImageDays(db: Reader): Promise<IdentityImagesSetting> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt, by: user.name })
    .from(settings)
    .leftJoin(user, eq(user.id, settings.updatedBy))
    .where(eq(settings.key, IDENTITY_IMAGES_KEY));
  const days = row?.value.days;
  return {
    days:
      typeof days === "number" &&
      Number.isInteger(days) &&
      days >= MIN_IDENTITY_IMAGE_DAYS &&
      days <= MAX_IDENTITY_IMAGE_DAYS
        ? days
        : DEFAULT_IDENTITY_IMAGE_DAYS,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.by ?? null,
  };
}

/** Saves the setting with its access-log entry (from → to), in one transaction. */
export async function saveIdentityImageDays(db: Database, days: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await readIdentityImageDays(tx);
    await tx
      .insert(settings)
      .values({ key: IDENTITY_IMAGES_KEY, value: { days }, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { days }, updatedAt: new Date(), updatedBy: actor.id },
      });
    await recordAccess(tx, "settings.identity-images", {
      actor,
      subject: `settings:${IDENTITY_IMAGES_KEY}`,
      details: { from: before.days, to: days },
    });
  });
}

/**
 * Deletes the photos of checks answered more than the setting's days ago (on the database's
 * clock), a batch per transaction, and stamps images_deleted_at. Two instances at once take
 * different rows (`for update skip locked`) and a row already stamped is never taken again, so
 * the job is safe to run anywhere, any number of times. Returns how many checks lost their photos.
 */
export async function purgeIdentityImages(
  db: Database,
  { shouldStop = () => false }: { shouldStop?: () => boolean } = {},
): Promise<number> {
  const { days } = await readIdentityImageDays(db);
  let purged = 0;
  while (!shouldStop()) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: identityChecks.id })
        .from(identityChecks)
        .where(
          and(
            inArray(identityChecks.state, ["confirmed", "retake"]),
            isNull(identityChecks.imagesDeletedAt),
            sql`${identityChecks.reviewedAt} < now() - make_interval(days => ${days})`,
          ),
        )
        .orderBy(identityChecks.reviewedAt)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const ids = due.map((row) => row.id);
      if (!ids.length) return 0;
      await tx.delete(identityImages).where(inArray(identityImages.checkId, ids));
      await tx
        .update(identityChecks)
        .set({ imagesDeletedAt: sql`now()` })
        .where(inArray(identityChecks.id, ids));
      return ids.length;
    });
    purged += batch;
    if (batch < BATCH) break;
  }
  return purged;
}

/** The job, started with the server beside the applications' retention. */
export function startIdentityImageJob(
  getDb: () => Promise<Database>,
  { firstCheckMs = FIRST_CHECK_MS, checkEveryMs = CHECK_EVERY_MS } = {},
) {
  return startPeriodicJob(
    "identity.images",
    async (shouldStop) => {
      const purged = await purgeIdentityImages(await getDb(), { shouldStop });
      if (purged) logger().info({ event: "identity.images-deleted", checks: purged });
    },
    { everyMs: checkEveryMs, firstRunMs: firstCheckMs },
  );
}

/** The production checklist's line: how long her identity photos are kept (always a pass). */
export async function identityImagesCheck(db: Reader): Promise<Check> {
  const { days } = await readIdentityImageDays(db);
  return { id: "identityImages", ok: true, values: { days } };
}
