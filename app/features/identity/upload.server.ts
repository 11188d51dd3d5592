import busboy from "busboy";
import { identityImageSides, type IdentityImageSide } from "#app/db/career-states.ts";
import { MAX_IDENTITY_BODY_BYTES } from "#app/utils/body-limit.server.ts";
import { isMultipart, streamMultipart } from "#app/utils/multipart.server.ts";
import { MAX_IDENTITY_PHOTO_BYTES } from "./limits.ts";

/**
 * Her identity check as her form sends it (multipart/form-data, with or without JavaScript),
 * read as it streams in with busboy, as the applications' photos are (decision 045): a few short
 * fields, and at most one file per side, each kept only while within its limit; a file past it is
 * dropped as it arrives (never buffered) and named as the problem. Anything else is refused.
 */

export interface IdentityUpload {
  fields: Record<string, string>;
  /** The sides she sent (an empty file input sends nothing). */
  files: Partial<Record<IdentityImageSide, Buffer>>;
  /** A photo past its size. */
  tooBig: boolean;
}

const isSide = (name: string): name is IdentityImageSide =>
  (identityImageSides as readonly string[]).includes(name);

/** Her form has a handful of fields: a body with more is no form of ours. */
const MAX_PARTS = 10;
const MAX_FIELD_BYTES = 1024;

/**
 * Reads her upload. "tooLarge": a body past every limit, or more parts or longer fields than
 * the form has; "malformed": not a multipart body, or one cut short.
 */
export async function readIdentityUpload(
  request: Request,
  { bodyBytes = MAX_IDENTITY_BODY_BYTES, fileBytes = MAX_IDENTITY_PHOTO_BYTES } = {},
): Promise<IdentityUpload | "tooLarge" | "malformed"> {
  if (!isMultipart(request)) return "malformed";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: {
        fieldSize: MAX_FIELD_BYTES,
        fields: MAX_PARTS,
        files: identityImageSides.length,
        parts: MAX_PARTS,
        // Busboy stops a file when it reaches this size: one byte past the largest allowed.
        fileSize: fileBytes + 1,
        headerPairs: 20,
      },
    });
  } catch {
    return "malformed";
  }
  const upload: IdentityUpload = { fields: {}, files: {}, tooBig: false };
  let refused = false;
  parser.on("field", (name: string | undefined, value: string, info) => {
    if (info.nameTruncated || info.valueTruncated) refused = true;
    else if (name && !(name in upload.fields)) upload.fields[name] = value;
  });
  parser.on("file", (name: string | undefined, stream) => {
    // Another name, or a side sent twice: its bytes are let through, never kept.
    let chunks: Buffer[] | null = name && isSide(name) && !upload.files[name] ? [] : null;
    stream.on("data", (chunk: Buffer) => {
      chunks?.push(chunk);
    });
    stream.on("limit", () => {
      chunks = null;
      upload.tooBig = true;
    });
    stream.on("end", () => {
      if (chunks?.length && name && isSide(name)) upload.files[name] = Buffer.concat(chunks);
      chunks = null;
    });
  });
  for (const event of ["fieldsLimit", "partsLimit", "filesLimit"] as const) {
    parser.on(event, () => {
      refused = true;
    });
  }
  const read = await streamMultipart(request, parser, bodyBytes);
  if (read !== "parsed") return read;
  if (refused) return "tooLarge";
  if (upload.tooBig) upload.files = {};
  return upload;
}
