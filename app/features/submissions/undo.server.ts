import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import { withdrawOnboarding } from "#app/features/onboarding/steps.server.ts";
import { undoMilestone } from "#app/features/affiliates/commissions.server.ts";
import { withdrawManager } from "#app/features/managers/withdraw.server.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import {
  outbox,
  submissions,
  submissionStatusHistory as history,
  type SubmissionStatus as Status,
} from "#app/db/schema.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { recomputeFirstDecision } from "./first-decision.server.ts";
import { reasonLabel } from "./reason-labels.server.ts";

/**
 * How long a decision's mail waits in the outbox, and so how long its decider may take it back
 * (product.md section 7: 60 s; DECISION_UNDO_SECONDS). The window is the database's clock on
 * both sides: the mail's next_attempt_at and the history row's created_at.
 */
export const undoSeconds = () => getEnv().DECISION_UNDO_SECONDS;

export type UndoResult =
  | { outcome: "undone"; submissionId: number; status: Status }
  /** No such decision. */
  | { outcome: "not-found" }
  /** Someone else's decision: only its decider takes it back (an admin reopens). */
  | { outcome: "forbidden" }
  /** Past the window, already undone, or not a decision at all. */
  | { outcome: "expired" }
  /** The sender has taken her mail (it may be on its way): nothing changed. */
  | { outcome: "sent" }
  /** Something happened to the application since (reopened, erased, decided again). */
  | { outcome: "conflict" };

/** Thrown inside the transaction to take back what it did so far. */
class Refused extends Error {
  readonly result: UndoResult;
  constructor(result: UndoResult) {
    super(result.outcome);
    this.result = result;
  }
}

/** Withdraws a queued mail that no sender has touched; false once a sender claimed it. */
export async function withdrawQueuedMail(tx: Transaction, mailId: number) {
  // A sender's claim sets locked_until and counts an attempt in one statement (sender.server.ts):
  // this delete either locks the row first (the sender's SKIP LOCKED passes it by) or waits for
  // the claim to commit and then finds the row no longer matching. Either way one of them wins.
  const withdrawn = await tx
    .delete(outbox)
    .where(
      and(
        eq(outbox.id, mailId),
        eq(outbox.status, "queued"),
        eq(outbox.attempts, 0),
        isNull(outbox.lockedUntil),
      ),
    )
    .returning({ id: outbox.id });
  return withdrawn.length > 0;
}

/**
 * Takes back a decision within undoSeconds(), all or nothing: her mail leaves the outbox unsent,
 * the application is pending again, the history row is marked undone (the staff still see it;
 * she never does) and the access log says who undid it.
 */
export async function undoDecision(
  db: Database,
  decisionId: number,
  actor: Actor,
): Promise<UndoResult> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          submissionId: history.submissionId,
          fromStatus: history.fromStatus,
          toStatus: history.toStatus,
          changedBy: history.changedBy,
          reasonId: history.reasonId,
          mailId: history.mailId,
          undoneAt: history.undoneAt,
          fresh: sql<boolean>`${history.createdAt} > now() - make_interval(secs => ${undoSeconds()})`,
        })
        .from(history)
        .where(eq(history.id, decisionId))
        .for("update");
      if (!row) return { outcome: "not-found" } as const;
      if (row.changedBy !== actor.id) return { outcome: "forbidden" } as const;
      if (row.undoneAt || row.fromStatus !== "Pendente" || row.toStatus === "Pendente") {
        return { outcome: "expired" } as const;
      }
      if (!row.fresh) return { outcome: "expired" } as const;
      const [later] = await tx
        .select({ id: history.id })
        .from(history)
        .where(and(eq(history.submissionId, row.submissionId), gt(history.id, decisionId)))
        .limit(1);
      if (later) return { outcome: "conflict" } as const;
      const [updated] = await tx
        .update(submissions)
        .set({ status: "Pendente", updatedAt: new Date() })
        .where(
          and(
            eq(submissions.id, row.submissionId),
            eq(submissions.status, row.toStatus),
            isNull(submissions.erasedAt),
          ),
        )
        .returning({ id: submissions.id });
      if (!updated) return { outcome: "conflict" } as const;
      if (row.mailId !== null && !(await withdrawQueuedMail(tx, row.mailId))) {
        throw new Refused({ outcome: "sent" });
      }
      if (row.toStatus === "Aprovado") {
        await withdrawOnboarding(tx, row.submissionId);
        await withdrawManager(tx, row.submissionId);
        await undoMilestone(tx, {
          submissionId: row.submissionId,
          milestone: "approved",
          reason: "decision-undone",
        });
      }
      await tx
        .update(history)
        .set({ undoneAt: sql`now()`, undoneBy: actor.id })
        .where(eq(history.id, decisionId));
      await recomputeFirstDecision(tx, row.submissionId);
      const reason = row.reasonId === null ? null : await reasonLabel(tx, row.reasonId);
      await recordAccess(tx, "submission.undo", {
        actor,
        subject: `submission:${row.submissionId}`,
        details: { from: row.toStatus, to: "Pendente", ...(reason ? { reason } : {}) },
      });
      return { outcome: "undone", submissionId: row.submissionId, status: row.toStatus } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Takes back several decisions (a bulk one): each on its own, counted. */
export async function undoDecisions(db: Database, decisionIds: readonly number[], actor: Actor) {
  const counts = { undone: 0, refused: 0, forbidden: 0 };
  for (const id of decisionIds) {
    const result = await undoDecision(db, id, actor);
    if (result.outcome === "undone") counts.undone += 1;
    else if (result.outcome === "forbidden" || result.outcome === "not-found")
      counts.forbidden += 1;
    else counts.refused += 1;
  }
  return counts;
}

/**
 * The decision on this application its viewer may still take back, if any: hers, the latest,
 * within the window, with its mail still unclaimed. The detail page offers its Undo.
 */
export async function undoableDecision(db: Reader, submissionId: number, viewerId: string) {
  const [row] = await db
    .select({
      id: history.id,
      changedBy: history.changedBy,
      toStatus: history.toStatus,
      fromStatus: history.fromStatus,
      undoneAt: history.undoneAt,
      secondsLeft: sql<number>`greatest(0, ${undoSeconds()} - extract(epoch from now() - ${history.createdAt}))::int`,
      mailQueued: sql<boolean>`exists (select 1 from ${outbox} where ${outbox.id} = ${history.mailId} and ${outbox.status} = 'queued' and ${outbox.attempts} = 0)`,
    })
    .from(history)
    .where(eq(history.submissionId, submissionId))
    .orderBy(desc(history.id))
    .limit(1);
  if (
    !row ||
    row.changedBy !== viewerId ||
    row.undoneAt ||
    row.fromStatus !== "Pendente" ||
    row.toStatus === "Pendente" ||
    Number(row.secondsLeft) <= 0 ||
    !row.mailQueued
  ) {
    return null;
  }
  return { id: row.id, status: row.toStatus, secondsLeft: Number(row.secondsLeft) };
}
