/**
 * What an application's photos may be (issue 28, decision 045), for the forms, the chatbot and
 * the server alike. The browser checks these to spare her a long wait; the server decides.
 */

/** The form field the photos are sent in (one `<input type=file multiple>`). */
export const PHOTOS_FIELD = "photos";

export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS_TOTAL_BYTES = 50 * 1024 * 1024;

/** What the file picker offers; the server goes by the bytes, never by these. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PHOTO_ACCEPT = PHOTO_TYPES.join(",");

/** Why photos were refused: each has its message under `<namespace>.photos.errors.*`. */
export const photoProblems = [
  "tooMany",
  "tooBig",
  "totalTooLarge",
  "notAnImage",
  "tooManyPixels",
  "unreadable",
  "busy",
] as const;
export type PhotoProblem = (typeof photoProblems)[number];

/** The problem a set of files has before it is sent, as the server would find it by size. */
export function photoSizeProblem(files: readonly { size: number }[]): PhotoProblem | null {
  if (files.length > MAX_PHOTOS) return "tooMany";
  if (files.some((file) => file.size > MAX_PHOTO_BYTES)) return "tooBig";
  if (files.reduce((sum, file) => sum + file.size, 0) > MAX_PHOTOS_TOTAL_BYTES) {
    return "totalTooLarge";
  }
  return null;
}
