import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { outbox, welcomeCalls } from "#app/db/schema.server.ts";

/**
 * An erased application's welcome calls go whole (app/features/privacy/erasure.server.ts): her
 * zone and times are hers, and the reminders still waiting for her manager name her. Her own
 * mail goes with her address's traces.
 */
export async function eraseWelcomeCalls(
  tx: Pick<Database, "select" | "delete">,
  submissionIds: number[],
) {
  if (submissionIds.length === 0) return;
  const calls = await tx
    .select({ reminders: welcomeCalls.reminderMailIds })
    .from(welcomeCalls)
    .where(inArray(welcomeCalls.submissionId, submissionIds));
  const reminders = calls.flatMap((call) => call.reminders);
  if (reminders.length) {
    await tx.delete(outbox).where(and(inArray(outbox.id, reminders), eq(outbox.status, "queued")));
  }
  await tx.delete(welcomeCalls).where(inArray(welcomeCalls.submissionId, submissionIds));
}
