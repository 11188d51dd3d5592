import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "#app/db/db.server.ts";
import { outbox, submissions } from "#app/db/schema.server.ts";
import { MANAGER_MAIL_KIND } from "./profile.ts";

/**
 * An approval taken back within its undo window never happened (undo.server.ts): the manager
 * given to her meanwhile goes with it, and so does the mail telling her, which waits in the
 * outbox as long as the approval's own (mails.server.ts). A mail already on its way is left.
 */
export async function withdrawManager(tx: Transaction, submissionId: number) {
  const [her] = await tx
    .update(submissions)
    .set({ managerId: null })
    .where(eq(submissions.id, submissionId))
    .returning({ email: submissions.email });
  if (!her?.email) return;
  await tx
    .delete(outbox)
    .where(
      and(
        eq(outbox.kind, MANAGER_MAIL_KIND),
        eq(outbox.recipient, her.email),
        eq(outbox.status, "queued"),
        eq(outbox.attempts, 0),
        isNull(outbox.lockedUntil),
      ),
    );
}
