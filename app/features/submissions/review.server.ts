import { and, eq, isNull } from "drizzle-orm";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import {
  submissions,
  submissionStatusHistory,
  type Role,
  type SubmissionStatus as Status,
} from "#app/db/schema.server.ts";
import { defaultLanguage, normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { decisionMail, findTemplateOverride } from "#app/mail/templates.server.ts";
import {
  activeRejectionReason,
  rejectionTemplateKeys,
} from "#app/mail/rejection-reasons.server.ts";

export interface StatusChange {
  submissionId: number;
  /** The status the reviewer saw: if it changed meanwhile, nothing is overwritten. */
  from: Status;
  to: Status;
  note?: string | null;
  /** For a rejection: the reason picked (its mail template is sent, and history keeps it). */
  reasonId?: number | null;
  actor: { id: string; role: Role };
  ip?: string | null;
}

export type StatusChangeResult =
  | { outcome: "changed" }
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
      .set({ status: change.to, updatedAt: new Date() })
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
    await tx.insert(submissionStatusHistory).values({
      submissionId: change.submissionId,
      fromStatus: change.from,
      toStatus: change.to,
      changedBy: change.actor.id,
      note,
      reasonId,
    });
    await recordAccess(tx, "submission.status", {
      actor: { id: change.actor.id, ip: change.ip },
      subject: `submission:${change.submissionId}`,
      details: {
        from: change.from,
        to: change.to,
        ...(note ? { note } : {}),
        ...(reasonId !== null ? { reasonId } : {}),
      },
    });
    if (change.to !== "Pendente") {
      const language = normalizeLanguage(updated.language) ?? defaultLanguage;
      const decision = change.to === "Aprovado" ? "approved" : "rejected";
      await queueMail(tx, {
        kind: decision,
        to: updated.email,
        language,
        ...(await decisionMailFor(tx, {
          language,
          decision,
          fullName: updated.fullName,
          note,
          reasonId,
        })),
      });
    }
    return { outcome: "changed" };
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
