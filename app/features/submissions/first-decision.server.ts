import { sql } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";

/**
 * Sets an application's first decision (submissions.first_decided_at, read by analytics' time
 * to first decision) again from its history after a decision was undone: the earliest approval
 * or rejection still standing, else none — the one undone she was never told of. The same rule
 * as migration 0037's backfill.
 */
export async function recomputeFirstDecision(tx: Transaction, submissionId: number) {
  await tx.execute(sql`
    update submissions set first_decided_at = (
      select min(created_at) from submission_status_history
      where submission_id = ${submissionId}
        and to_status in ('Aprovado', 'Reprovado') and undone_at is null
    )
    where id = ${submissionId}`);
}
