import type { Database } from "#app/db/db.server.ts";
import type { Role } from "#app/db/schema.server.ts";
import { activeRejectionReason, listRejectionReasons } from "#app/mail/rejection-reasons.server.ts";
import { changeStatus } from "./review.server.ts";

export interface BulkDecision {
  ids: number[];
  to: "Aprovado" | "Reprovado";
  note?: string;
  /** Required to reject while the agency has reasons to pick from: each one's mail is its own. */
  reasonId?: number | null;
  actor: { id: string; role: Role };
  ip?: string | null;
}

export type BulkResult =
  | {
      outcome: "decided";
      changed: number;
      skipped: number;
      /** The history rows written: the batch its decider may undo within the minute. */
      decisions: number[];
    }
  /** A rejection without a reason, or with one that is not (or no longer) offered: nothing changed. */
  | { outcome: "reason-required" | "unknown-reason" };

/**
 * Decides several pending applications with one note (and, to reject, one reason). Each is its
 * own status change (history, access log, her e-mail held for the undo window), so one that
 * another reviewer decided meanwhile is skipped and counted, never overwritten, and the others
 * still go through.
 */
export async function decideMany(db: Database, decision: BulkDecision): Promise<BulkResult> {
  const reasonId = decision.to === "Reprovado" ? (decision.reasonId ?? null) : null;
  if (decision.to === "Reprovado") {
    if (reasonId === null) {
      if ((await listRejectionReasons(db, { activeOnly: true })).length > 0) {
        return { outcome: "reason-required" };
      }
    } else if (!(await activeRejectionReason(db, reasonId))) {
      return { outcome: "unknown-reason" };
    }
  }
  let changed = 0;
  let skipped = 0;
  const decisions: number[] = [];
  for (const submissionId of decision.ids) {
    const result = await changeStatus(db, {
      submissionId,
      from: "Pendente",
      to: decision.to,
      note: decision.note,
      reasonId,
      actor: decision.actor,
      ip: decision.ip,
    });
    if (result.outcome === "changed") {
      changed += 1;
      decisions.push(result.decisionId);
    } else skipped += 1;
  }
  return { outcome: "decided", changed, skipped, decisions };
}
