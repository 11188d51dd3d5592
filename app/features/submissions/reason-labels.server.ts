import { eq } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import { rejectionReasons } from "#app/db/schema.server.ts";

/**
 * A rejection reason's label as the agency wrote it (one label, in its own language: see
 * app/mail/rejection-reasons.server.ts), for the places that name a reason rather than its id:
 * the staff history, the access log, the CSV and the analytics. A deleted reason has none.
 */
export async function reasonLabel(db: Reader, id: number): Promise<string | null> {
  const [row] = await db
    .select({ label: rejectionReasons.label })
    .from(rejectionReasons)
    .where(eq(rejectionReasons.id, id));
  return row?.label ?? null;
}
