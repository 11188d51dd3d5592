/**
 * What an assignment of a talent manager can come to, as its endpoints answer it and as a page
 * reads it back from `?manager=` after a post without JavaScript: each with its message.
 * Browser-safe.
 */
export const managerOutcomes = {
  assigned: "manager.assign.done",
  same: "manager.assign.same",
  notStaff: "manager.assign.notStaff",
  required: "manager.assign.required",
  notApproved: "manager.assign.notApproved",
  chooseRows: "manager.bulk.chooseRows",
  tooMany: "manager.bulk.tooMany",
  bulk: "manager.bulk.done",
} as const;
export type ManagerOutcome = keyof typeof managerOutcomes;

export const isManagerOutcome = (value: string | null): value is ManagerOutcome =>
  value !== null && Object.hasOwn(managerOutcomes, value);

/** The most applications assigned at once (the list shows fifty a page; a few pages ticked). */
export const BULK_MAX = 200;

/** A bulk assignment's counts, as `?managed=` carries them: "changed.unchanged.skipped". */
export interface BulkCounts {
  changed: number;
  unchanged: number;
  skipped: number;
}

export function readBulkCounts(value: string | null): BulkCounts | null {
  const match = /^(\d{1,4})\.(\d{1,4})\.(\d{1,4})$/.exec(value ?? "");
  return match
    ? { changed: Number(match[1]), unchanged: Number(match[2]), skipped: Number(match[3]) }
    : null;
}
