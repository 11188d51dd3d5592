/**
 * Which editor page sent a save, and its how-manyth save that was. The autosave, "Save",
 * "Publish" and the other buttons of one page send their requests one after another, but the
 * server may finish them in any order: a slow autosave must not bring back older text over a
 * later save or a publication. A page numbers its writes, and a write from the same page with a
 * lower number than one already applied is not applied (features/blog/editor.server.ts).
 *
 * The fields are filled in by the page's script as it sends: without JavaScript the form has no
 * stamp, and each post is applied as it comes (a browser sends one form at a time).
 */
export const EDIT_SESSION_FIELD = "editSession";
export const EDIT_SEQ_FIELD = "editSeq";

export interface EditStamp {
  session: string;
  seq: number;
}

const SESSION = /^[A-Za-z0-9-]{8,64}$/;
const SEQ = /^[1-9][0-9]{0,8}$/;

/**
 * The stamp a request carries, or null when it has none (or one that is not well formed). No
 * schema library here: this module is also in the editor's browser bundle.
 */
export function editStampOf(input: Record<string, unknown>): EditStamp | null {
  const session = input[EDIT_SESSION_FIELD];
  const seq = input[EDIT_SEQ_FIELD];
  if (typeof session !== "string" || !SESSION.test(session)) return null;
  if (typeof seq !== "string" || !SEQ.test(seq)) return null;
  return { session, seq: Number(seq) };
}

/** Whether a write with this stamp comes after the last applied one (or cannot be ordered). */
export function isLatestEdit(
  stamp: EditStamp | null,
  last: { editSession: string | null; editSeq: number | null },
) {
  if (!stamp || last.editSession !== stamp.session || last.editSeq === null) return true;
  return stamp.seq > last.editSeq;
}
