import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import {
  outbox,
  submissions,
  submissionStatusHistory,
  type Role,
  type SubmissionStatus as Status,
} from "#app/db/schema.server.ts";
import { defaultLanguage, normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { correctionMail, decisionMail, findTemplateOverride } from "#app/mail/templates.server.ts";
import {
  activeRejectionReason,
  rejectionTemplateKeys,
} from "#app/mail/rejection-reasons.server.ts";
import { startOnboarding } from "#app/features/onboarding/steps.server.ts";
import { reachMilestone, undoMilestone } from "#app/features/affiliates/commissions.server.ts";
import { reasonLabel } from "./reason-labels.server.ts";
import { undoSeconds, withdrawQueuedMail } from "./undo.server.ts";

export interface StatusChange {
  submissionId: number;
  /** The status the reviewer saw: if it changed meanwhile, nothing is overwritten. */
  from: Status;
  to: Status;
  note?: string | null;
  /** For a rejection: the reason picked (its mail template is sent, and history keeps it). */
  reasonId?: number | null;
  /**
   * For a reopen after her decision's mail went out: whether to tell her (the correction mail).
   * A decision's mail still waiting in the outbox is withdrawn instead: she never hears of it.
   */
  correction?: boolean;
  actor: { id: string; role: Role };
  ip?: string | null;
}

export type StatusChangeResult =
  /** `decisionId`: the history row, which its decider may undo for a minute (undo.server.ts). */
  | { outcome: "changed"; decisionId: number }
  | { outcome: "conflict"; current: Status }
  | { outcome: "not-found" }
  | { outcome: "forbidden" }
  /** The rejection reason does not exist or was deactivated: nothing changed. */
  | { outcome: "unknown-reason" };

const NOTE_MAX = 2000;

/**
 * Who may move an application where (product.md sections 2 and 3): approvers and admins decide
 * a pending one; only an admin reopens a decided one.
 */
export function mayChange(role: Role, from: Status, to: Status): boolean {
  if (from === to) return false;
  if (from === "Pendente") return role === "approver" || role === "admin";
  return to === "Pendente" && role === "admin";
}

/**
 * Approve, reject or reopen an application, all or nothing: the status (only if it is still
 * the one the reviewer saw, so two reviewers never overwrite each other silently), a history
 * row, an access-log entry, and for a decision the applicant's e-mail in her language.
 */
export async function changeStatus(
  db: Database,
  change: StatusChange,
): Promise<StatusChangeResult> {
  if (!mayChange(change.actor.role, change.from, change.to)) return { outcome: "forbidden" };
  const note = change.note?.trim().slice(0, NOTE_MAX) || null;
  // A reason only goes with a rejection.
  const reasonId = change.to === "Reprovado" ? (change.reasonId ?? null) : null;
  return db.transaction(async (tx) => {
    if (reasonId !== null && !(await activeRejectionReason(tx, reasonId))) {
      return { outcome: "unknown-reason" };
    }
    const [updated] = await tx
      .update(submissions)
      .set({
        status: change.to,
        updatedAt: new Date(),
        // Her first answer (analytics' time to first decision); a reopening keeps it: she was told.
        ...(change.to === "Pendente"
          ? {}
          : { firstDecidedAt: sql`coalesce(${submissions.firstDecidedAt}, now())` }),
      })
      .where(
        and(
          eq(submissions.id, change.submissionId),
          eq(submissions.status, change.from),
          // An erased application has no one to write to and no decision left to make.
          isNull(submissions.erasedAt),
        ),
      )
      .returning({
        email: submissions.email,
        fullName: submissions.fullName,
        language: submissions.language,
      });
    if (!updated) {
      const [current] = await tx
        .select({ status: submissions.status, erasedAt: submissions.erasedAt })
        .from(submissions)
        .where(eq(submissions.id, change.submissionId));
      if (current?.erasedAt) return { outcome: "forbidden" };
      return current ? { outcome: "conflict", current: current.status } : { outcome: "not-found" };
    }
    const language = normalizeLanguage(updated.language) ?? defaultLanguage;
    let mailId: number | null = null;
    let correction = false;
    if (change.to !== "Pendente") {
      const decision = change.to === "Aprovado" ? "approved" : "rejected";
      // Held for the undo window: until then the decider may take it back (undo.server.ts).
      mailId = await queueMail(tx, {
        kind: decision,
        to: updated.email,
        language,
        delaySeconds: undoSeconds(),
        ...(await decisionMailFor(tx, {
          language,
          decision,
          fullName: updated.fullName,
          note,
          reasonId,
        })),
      });
    } else if (
      (await settleDecisionMail(tx, change.submissionId)) === "sent" &&
      change.correction
    ) {
      // She was told of a decision that no longer stands: she is told so, in her language.
      await queueMail(tx, {
        kind: "correction",
        to: updated.email,
        language,
        ...correctionMail(
          language,
          updated.fullName,
          await findTemplateOverride(tx, "correction", language),
        ),
      });
      correction = true;
    }
    const [row] = await tx
      .insert(submissionStatusHistory)
      .values({
        submissionId: change.submissionId,
        fromStatus: change.from,
        toStatus: change.to,
        changedBy: change.actor.id,
        note,
        reasonId,
        mailId,
      })
      .returning({ id: submissionStatusHistory.id });
    // Approved: her onboarding begins now, in the same transaction (product.md section 8).
    if (change.to === "Aprovado") await startOnboarding(tx, change.submissionId, change.actor.id);
    // Her affiliate's entry and mail, or their withdrawal, stand or fall with the decision.
    if (change.to === "Aprovado") {
      await reachMilestone(tx, { submissionId: change.submissionId, milestone: "approved" });
    } else if (change.from === "Aprovado") {
      await undoMilestone(tx, {
        submissionId: change.submissionId,
        milestone: "approved",
        reason: "reopened",
      });
    }
    const reason = reasonId === null ? null : await reasonLabel(tx, reasonId);
    await recordAccess(tx, "submission.status", {
      actor: { id: change.actor.id, ip: change.ip },
      subject: `submission:${change.submissionId}`,
      details: {
        from: change.from,
        to: change.to,
        ...(note ? { note } : {}),
        ...(reason ? { reason } : {}),
        ...(correction ? { correction } : {}),
      },
    });
    return { outcome: "changed", decisionId: row!.id };
  });
}

/**
 * The mail that tells her of a decision, in her language: the admin's wording when there is one
 * (a rejection reason's own, else the general one), else the built-in text. The decision sends
 * it; a reviewer may send it again from the application's page (contact.server.ts).
 */
export async function decisionMailFor(
  db: Reader,
  input: {
    language: Language;
    decision: "approved" | "rejected";
    fullName: string;
    note: string | null;
    reasonId: number | null;
  },
) {
  const { language, decision } = input;
  const override = await findTemplateOverride(
    db,
    decision === "rejected" ? rejectionTemplateKeys(input.reasonId) : decision,
    language,
  );
  return decisionMail(language, decision, input.fullName, input.note, override);
}

/** The last decision on an application that still stands (not undone), if any. */
async function standingDecision(db: Reader, submissionId: number) {
  const [row] = await db
    .select({
      toStatus: submissionStatusHistory.toStatus,
      changedBy: submissionStatusHistory.changedBy,
      mailId: submissionStatusHistory.mailId,
    })
    .from(submissionStatusHistory)
    .where(
      and(
        eq(submissionStatusHistory.submissionId, submissionId),
        isNull(submissionStatusHistory.undoneAt),
      ),
    )
    .orderBy(desc(submissionStatusHistory.id))
    .limit(1);
  return row && row.toStatus !== "Pendente" && row.changedBy !== null ? row : null;
}

/**
 * Whether she may have been told of the decision that stands: its mail was sent, or a sender
 * took it, or it predates the outbox link (mail_id), when every decision was mailed at once.
 * The reopen form asks about a correction mail only then.
 */
export async function decisionMailOut(db: Reader, submissionId: number): Promise<boolean> {
  const decision = await standingDecision(db, submissionId);
  if (!decision) return false;
  if (decision.mailId === null) return true;
  const [mail] = await db
    .select({ out: sql<boolean>`${outbox.status} <> 'queued' or ${outbox.attempts} > 0` })
    .from(outbox)
    .where(eq(outbox.id, decision.mailId));
  // Gone from the outbox (the sent mail was cleaned up): it went.
  return mail ? Boolean(mail.out) : true;
}

/**
 * At a reopen, the mail of the decision being reopened: withdrawn if it still waits unclaimed
 * (she never hears of it, nothing to correct), else "sent".
 */
async function settleDecisionMail(tx: Transaction, submissionId: number) {
  const decision = await standingDecision(tx, submissionId);
  if (!decision) return "none";
  if (decision.mailId !== null && (await withdrawQueuedMail(tx, decision.mailId))) {
    return "withdrawn";
  }
  return (await decisionMailOut(tx, submissionId)) ? "sent" : "none";
}
