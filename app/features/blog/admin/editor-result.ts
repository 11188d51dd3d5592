import type { FieldErrors } from "#app/utils/field-errors.ts";

/**
 * The answer of the article editor's action (routes/admin/blog-editor.tsx), read by the editor
 * and the parts of it that show how a save went. A module of its own, so that those parts need
 * not import the editor that renders them.
 */
export type EditorResult =
  | {
      ok: true;
      done: "saved" | "published" | "scheduled" | "unpublished" | "discarded" | "preview-link";
      savedAt?: string;
      /** The private preview link just made: its full address, to send. */
      previewUrl?: string;
    }
  | { ok: false; errors: FieldErrors };
