import type { IdentityImageSide } from "#app/db/career-states.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  PhotoRefused,
  preparePhotos,
  type PreparedPhoto,
} from "#app/features/submissions/photo-upload.server.ts";
import type { ModelViewer } from "#app/features/welcome-call/booking.server.ts";
import { isCrossSiteRequest } from "#app/utils/request.server.ts";
import { herIdentity, submitIdentityCheck } from "./checks.server.ts";
import type { IdentityUploadResult } from "./her-check.tsx";
import { DOCUMENT_TYPE_FIELD, isDocumentType, sidesFor } from "./limits.ts";
import { readIdentityUpload } from "./upload.server.ts";

type Answer =
  { status: 303 } | { status: 400 | 403 | 409 | 413 | 503; result: IdentityUploadResult };

/**
 * Her identity check as her page's form posts it: from this site only, read within its limits,
 * each photo checked by its content and re-encoded without metadata (the applications' pipeline),
 * then stored with the check in one transaction. A refusal names the field and keeps the type
 * she chose; the photos themselves must be picked again (a page sent back cannot hold files).
 */
export async function receiveIdentityCheck(
  db: Database,
  viewer: Pick<ModelViewer, "email" | "emailVerified">,
  request: Request,
): Promise<Answer> {
  if (isCrossSiteRequest(request))
    return { status: 403, result: { error: "validation.crossSite" } };
  const upload = await readIdentityUpload(request);
  if (upload === "tooLarge") return { status: 413, result: { error: "identity.errors.tooLarge" } };
  if (upload === "malformed")
    return { status: 400, result: { error: "identity.errors.malformed" } };
  const documentType = upload.fields[DOCUMENT_TYPE_FIELD];
  if (!isDocumentType(documentType)) {
    return {
      status: 400,
      result: { fieldErrors: { documentType: "identity.errors.type" } },
    };
  }
  const refuse = (result: Omit<IdentityUploadResult, "documentType">, status: 400 | 409 | 503) =>
    ({ status, result: { ...result, documentType } }) as const;
  if (upload.tooBig) return refuse({ error: "identity.errors.tooBig" }, 400);
  const sides = sidesFor(documentType);
  const missing = sides.filter((side) => !upload.files[side]);
  if (missing.length) {
    return refuse(
      { fieldErrors: Object.fromEntries(missing.map((side) => [side, "identity.errors.missing"])) },
      400,
    );
  }
  // Nothing to send to (or a check already waiting): said before any photo is worked on.
  const hers = await herIdentity(db, viewer);
  if (hers?.step !== "todo") return refuse({ error: "identity.errors.notNeeded" }, 409);
  if (hers.latest?.state === "submitted") return refuse({ error: "identity.errors.waiting" }, 409);
  // One photo at a time, so that a refusal names its field.
  const photos: Partial<Record<IdentityImageSide, PreparedPhoto>> = {};
  for (const side of sides) {
    try {
      [photos[side]] = await preparePhotos([upload.files[side]!], request.signal);
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      if (error.problem === "busy") return refuse({ error: "identity.errors.busy" }, 503);
      const problem = error.problem === "tooManyPixels" || error.problem === "notAnImage";
      const message = `identity.errors.${problem ? error.problem : "unreadable"}`;
      return refuse({ fieldErrors: { [side]: message } }, 400);
    }
  }
  const outcome = await submitIdentityCheck(db, viewer, documentType, photos);
  if (outcome === "not-needed") return refuse({ error: "identity.errors.notNeeded" }, 409);
  if (outcome === "waiting") return refuse({ error: "identity.errors.waiting" }, 409);
  return { status: 303 };
}
