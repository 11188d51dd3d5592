import { eq } from "drizzle-orm";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { submissions } from "#app/db/schema.server.ts";
import { alertAdminsOfRevealLimit } from "#app/features/staff-alerts/alerts.server.ts";
import { decrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { hitRateLimit } from "#app/utils/rate-limit.server.ts";

/**
 * Reveals per staff member per hour (issue 24): a reviewer at work opens a handful; a stolen or
 * curious account opening every application's number is stopped at the 31st and the admins told.
 * A fixed window kept in the database, so every instance counts together.
 */
export const REVEAL_LIMIT = { limit: 30, windowSeconds: 60 * 60 };

export type RevealOutcome =
  | { outcome: "revealed"; document: string }
  /** The application has no document, or does not exist. */
  | { outcome: "missing" }
  /** Over the limit: nothing was read; `retryAfterSeconds` until the hour ends. */
  | { outcome: "limited"; retryAfterSeconds: number };

/**
 * Her full document number, for a staff member who asked to see it. Every reveal is recorded
 * in the access log (the access report and her "who viewed my data" list show it). Past the
 * limit nothing is decrypted: the refusal is recorded instead, and the first refusal of the
 * hour alerts every admin. One transaction, so the count, the log and the alert go together.
 */
export async function revealDocument(
  db: Database,
  submissionId: number,
  actor: { id: string; ip?: string | null },
): Promise<RevealOutcome> {
  return db.transaction(async (tx): Promise<RevealOutcome> => {
    const counted = await hitRateLimit(tx, `reveal-document:${actor.id}`, REVEAL_LIMIT);
    const subject = `submission:${submissionId}`;
    if (!counted.allowed) {
      await recordAccess(tx, "submission.reveal-refused", {
        actor,
        subject,
        details: { limit: REVEAL_LIMIT.limit, attempt: counted.count },
      });
      // The upsert hands each count to exactly one request: only the first refusal alerts.
      if (counted.count === REVEAL_LIMIT.limit + 1) {
        await alertAdminsOfRevealLimit(tx, {
          limit: REVEAL_LIMIT.limit,
          until: new Date(Date.now() + counted.retryAfterSeconds * 1000),
        });
      }
      return { outcome: "limited", retryAfterSeconds: counted.retryAfterSeconds };
    }
    const [row] = await tx
      .select({ documentEncrypted: submissions.documentEncrypted })
      .from(submissions)
      .where(eq(submissions.id, submissionId));
    if (!row?.documentEncrypted) return { outcome: "missing" };
    const document = decrypt(row.documentEncrypted, getEncryptionKey().key);
    await recordAccess(tx, "submission.reveal-document", { actor, subject });
    return { outcome: "revealed", document };
  });
}
