import { inArray, like, or } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { outbox, rateLimits, submissions, user, verification } from "#app/db/schema.server.ts";

/**
 * Removes what a test run made on a shared database (CI's PostgreSQL keeps rows between runs):
 * the accounts whose address contains `.<marker>@` (with their verification rows; sessions and
 * linked rows go with them), their mail and applications, and the rate-limit counters of those
 * addresses and of the client addresses matching `ipPattern` (a LIKE pattern).
 */
export async function removeTestData(db: Database, marker: string, ipPattern?: string) {
  const addresses = `%.${marker}@%`;
  const ids = (await db.select({ id: user.id }).from(user).where(like(user.email, addresses))).map(
    (row) => row.id,
  );
  if (ids.length) {
    await db.delete(verification).where(inArray(verification.value, ids));
    await db.delete(user).where(inArray(user.id, ids));
  }
  await db.delete(outbox).where(like(outbox.recipient, addresses));
  await db.delete(submissions).where(like(submissions.email, addresses));
  await db
    .delete(rateLimits)
    .where(
      ipPattern
        ? or(like(rateLimits.key, addresses), like(rateLimits.key, ipPattern))
        : like(rateLimits.key, addresses),
    );
}
