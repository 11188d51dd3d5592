/**
 * How an undo went, as it travels back to the page it was asked from (the undo route redirects
 * there, with or without JavaScript): `?undo=done&undone=3`.
 */
export const undoOutcomes = ["done", "partial", "sent", "expired", "conflict"] as const;
export type UndoOutcome = (typeof undoOutcomes)[number];

export function undoParams({ undo, count }: { undo: UndoOutcome; count?: number }) {
  return { undo, undone: String(count ?? (undo === "done" ? 1 : 0)) };
}

export function readUndoParams(params: URLSearchParams) {
  const undo = undoOutcomes.find((outcome) => outcome === params.get("undo"));
  if (!undo) return null;
  const count = Number(params.get("undone"));
  return { undo, count: Number.isSafeInteger(count) && count >= 0 ? count : 0 };
}
