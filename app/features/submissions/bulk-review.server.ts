import type { Database } from "#app/db/db.server.ts";
import type { Role } from "#app/db/schema.server.ts";
import { changeStatus } from "./review.server.ts";

export interface BulkDecision {
  ids: number[];
  to: "Aprovado" | "Reprovado";
  note?: string;
  actor: { id: string; role: Role };
  ip?: string | null;
}

/**
 * Decides several pending applications with one note. Each is its own status change (history,
 * access log, her e-mail), so one that another reviewer decided meanwhile is skipped and
 * counted, never overwritten, and the others still go through.
 */
export async function decideMany(db: Database, decision: BulkDecision) {
  let changed = 0;
  let skipped = 0;
  for (const submissionId of decision.ids) {
    const result = await changeStatus(db, {
      submissionId,
      from: "Pendente",
      to: decision.to,
      note: decision.note,
      actor: decision.actor,
      ip: decision.ip,
    });
    if (result.outcome === "changed") changed += 1;
    else skipped += 1;
  }
  return { changed, skipped };
}
