import { eq } from "drizzle-orm";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { submissions } from "#app/db/schema.server.ts";
import { decrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";

/**
 * Her full document number, for a staff member who asked to see it. Every reveal is recorded
 * in the access log first (the access report and her "who viewed my data" list show it);
 * null when the application has no document or does not exist.
 */
export async function revealDocument(
  db: Database,
  submissionId: number,
  actor: { id: string; ip?: string | null },
): Promise<string | null> {
  const [row] = await db
    .select({ documentEncrypted: submissions.documentEncrypted })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!row?.documentEncrypted) return null;
  const document = decrypt(row.documentEncrypted, getEncryptionKey().key);
  await recordAccess(db, "submission.reveal-document", {
    actor,
    subject: `submission:${submissionId}`,
  });
  return document;
}
