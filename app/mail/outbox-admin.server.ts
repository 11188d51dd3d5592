import { and, desc, eq, lt, sql } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { mailStatuses, outbox } from "#app/db/schema.server.ts";
import { notifyMailQueued } from "./outbox.server.ts";
import { maskEmail } from "./smtp-admin.server.ts";
import { done, refused, type EmailOutcome } from "#app/mail/admin/result.ts";

export type MailStatus = (typeof mailStatuses)[number];
export const isMailStatus = (value: unknown): value is MailStatus =>
  mailStatuses.includes(value as MailStatus);

export async function outboxCounts(db: Reader) {
  const rows = await db
    .select({ status: outbox.status, count: sql<number>`count(*)::int` })
    .from(outbox)
    .groupBy(outbox.status);
  const counts: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export const OUTBOX_PAGE = 50;

/**
 * The latest messages, newest first, optionally of one status; keyset pages (`before` an id).
 * The recipient is masked: the outbox is for delivery problems, not for reading addresses.
 */
export async function latestMessages(
  db: Reader,
  { status, before }: { status?: MailStatus; before?: number } = {},
) {
  const rows = await db
    .select({
      id: outbox.id,
      createdAt: outbox.createdAt,
      kind: outbox.kind,
      recipient: outbox.recipient,
      language: outbox.language,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(
      and(
        status ? eq(outbox.status, status) : undefined,
        before ? lt(outbox.id, before) : undefined,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(OUTBOX_PAGE + 1);
  return {
    messages: rows.slice(0, OUTBOX_PAGE).map(({ recipient, ...row }) => ({
      ...row,
      recipient: maskEmail(recipient),
    })),
    more: rows.length > OUTBOX_PAGE,
  };
}

/**
 * Puts a failed message back in the queue, due now, with a fresh set of attempts; false when it
 * is not (or no longer) failed.
 */
export async function retryMessage(db: Database, id: number, actor: Actor): Promise<boolean> {
  const retried = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(outbox)
      .set({ status: "queued", nextAttemptAt: sql`now()`, lockedUntil: null, attempts: 0 })
      .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
      .returning({ id: outbox.id, kind: outbox.kind });
    if (!row) return false;
    await recordAccess(tx, "outbox.retry", {
      actor,
      subject: `outbox:${id}`,
      details: { kind: row.kind },
    });
    return true;
  });
  if (retried) notifyMailQueued();
  return retried;
}

/** The outbox's Retry button: a failed message queued again, or 409 when it is not failed. */
export async function handleRetry(
  db: Database,
  id: number | null,
  actor: Actor,
): Promise<EmailOutcome> {
  if (!id || !(await retryMessage(db, id, actor))) {
    return refused(409, "retry", { message: "admin.email.errors.notFailed" });
  }
  return done("retry", { message: "admin.email.outbox.retried", params: { id: String(id) } });
}
