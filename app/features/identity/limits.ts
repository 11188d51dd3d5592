import {
  documentHasBack,
  identityDocumentTypes,
  type IdentityDocumentType,
  type IdentityImageSide,
} from "#app/db/career-states.ts";

/**
 * What her identity check may be (issue 30, decision 054), for her form and the server alike.
 * The browser checks sizes to spare her a long wait; the server decides.
 */

/** One photo of the document or of her holding it: what a phone's camera writes, with room. */
export const MAX_IDENTITY_PHOTO_BYTES = 10 * 1024 * 1024;

/** The file picker offers the camera on a phone; the server goes by the bytes, never by this. */
export const IDENTITY_ACCEPT = "image/*";

/** The form's fields: the document type she names and one file per side. */
export const DOCUMENT_TYPE_FIELD = "documentType";

/** The sides her form asks for with this document, in the order she takes them. */
export function sidesFor(type: IdentityDocumentType): IdentityImageSide[] {
  return documentHasBack(type) ? ["front", "back", "selfie"] : ["front", "selfie"];
}

export const isDocumentType = (value: unknown): value is IdentityDocumentType =>
  (identityDocumentTypes as readonly unknown[]).includes(value);

/**
 * Why her photos were refused: each has its message under `identity.errors.*`. `missing`: a side
 * the document needs was not sent; the image problems are those of the applications' photos.
 */
export const identityProblems = [
  "type",
  "missing",
  "tooBig",
  "notAnImage",
  "tooManyPixels",
  "unreadable",
  "busy",
] as const;
export type IdentityProblem = (typeof identityProblems)[number];

/** Days her photos are kept after a confirmation unless the admin says otherwise. */
export const DEFAULT_IDENTITY_IMAGE_DAYS = 90;
/** At least a day (a reviewer may look again), at most two years. */
export const MIN_IDENTITY_IMAGE_DAYS = 1;
export const MAX_IDENTITY_IMAGE_DAYS = 730;

/** The reason a reviewer gives when asking for new photos (the schema's check: 1 to 500). */
export const MAX_RETAKE_REASON = 500;

/** The youngest she may be on the day of the confirmation (Brasília's calendar). */
export const ADULT_AGE = 18;

/**
 * Whether someone born on `bornOn` (YYYY-MM-DD) is ADULT_AGE or older on `today` (YYYY-MM-DD):
 * her birthday counts as hers; one born on 29 February comes of age on 1 March in a common year.
 */
export function isAdultOn(bornOn: string, today: string): boolean {
  const [y, m, d] = bornOn.split("-").map(Number) as [number, number, number];
  const comesOfAge = new Date(Date.UTC(y + ADULT_AGE, m - 1, d));
  return comesOfAge.toISOString().slice(0, 10) <= today;
}
