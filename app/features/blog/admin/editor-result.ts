import type { FieldErrors } from "#app/utils/field-errors.ts";

/**
 * The answer of the article editor's action (routes/admin/blog-editor.tsx), read by the editor
 * and the parts of it that show how a save went. A module of its own, so that those parts need
 * not import the editor that renders them.
 */
export type EditorResult =
  | {
      ok: true;
      done:
        | "saved"
        | "published"
        | "scheduled"
        | "unpublished"
        | "unscheduled"
        | "discarded"
        | "preview-link"
        | "marked-current";
      savedAt?: string;
      /** The private preview link just made: its full address, to send. */
      previewUrl?: string;
      /** After a save: whether a live translation now has changes not yet published. */
      hasPendingChanges?: boolean;
      /** After a save: the title as stored (the page's heading follows it). */
      title?: string;
    }
  | {
      ok: false;
      errors: FieldErrors;
      /** A publication refused for what it lacks: her text was saved as the draft all the same. */
      savedAt?: string;
      /**
       * Not an answer of the server but of the page (the route's clientAction): the request never
       * reached it (`offline`) or it failed (`server`). Nothing was decided; the editor keeps
       * her text and tries again.
       */
      unreachable?: "offline" | "server";
    };

/**
 * Whether her fields as sent are stored after this answer: every intent that succeeds saves
 * them first (a discard remounts the form anyway), and a refused publication keeps the draft.
 */
export const savedBy = (answer: EditorResult) => answer.ok || Boolean(answer.savedAt);
