import busboy from "busboy";
import type { Sharp } from "sharp";
import { loadSharp, sniffImage } from "#app/features/images/images.server.ts";
import { oneAtATime, QueueFull } from "#app/features/images/work-queue.server.ts";
import { MAX_APPLICATION_BODY_BYTES } from "#app/utils/body-limit.server.ts";
import { streamMultipart } from "#app/utils/multipart.server.ts";
import { MAX_FORM_FIELDS } from "#app/utils/request.server.ts";
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MAX_PHOTOS_TOTAL_BYTES,
  PHOTOS_FIELD,
  type PhotoProblem,
} from "./photo-limits.ts";

/**
 * An application sent with its photos (multipart/form-data), read as it streams in: the answers
 * kept whole (at most 64 KB of them), each photo kept only while it stays within its limits, and
 * a photo past them, or past the count or the total, dropped as it arrives (never buffered) and
 * named as the problem, so that her answers come back with it. See decision 045.
 */

export interface UploadLimits {
  count: number;
  fileBytes: number;
  totalBytes: number;
  /** The answers' own bytes, as the plain forms allow them. */
  textBytes: number;
  /** The whole body; past it (and the bytes drained after it) the request is refused. */
  bodyBytes: number;
}

export const uploadLimits: UploadLimits = {
  count: MAX_PHOTOS,
  fileBytes: MAX_PHOTO_BYTES,
  totalBytes: MAX_PHOTOS_TOTAL_BYTES,
  textBytes: 64 * 1024,
  bodyBytes: MAX_APPLICATION_BODY_BYTES,
};

export interface MultipartApplication {
  /** Each field's first value. */
  fields: Record<string, string>;
  /** The photos as sent, in order; none when there is a problem. */
  photos: Buffer[];
  problem: PhotoProblem | null;
}

/**
 * Reads a multipart application. "tooLarge": more answers (or fields) than any form has, or a
 * body past every limit; "malformed": not a multipart body, or one cut short.
 */
export async function readMultipartApplication(
  request: Request,
  limits: UploadLimits = uploadLimits,
): Promise<MultipartApplication | "tooLarge" | "malformed"> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: {
        fieldSize: limits.textBytes,
        fields: MAX_FORM_FIELDS,
        parts: MAX_FORM_FIELDS,
        // Busboy stops a file when it reaches this size: one byte past the largest allowed.
        fileSize: limits.fileBytes + 1,
        headerPairs: 20,
      },
    });
  } catch {
    return "malformed";
  }
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  let problem: PhotoProblem | null = null;
  let refused = false;
  let textBytes = 0;
  let photoBytes = 0;
  let started = 0;
  const fail = (found: PhotoProblem) => {
    problem ??= found;
    // Nothing of a refused set is stored: what was kept is let go at once.
    photos.length = 0;
  };

  // A part without a name (`name=""`) comes with none at all: kept under "", as FormData does.
  parser.on("field", (given: string | undefined, value: string, info) => {
    const name = given ?? "";
    textBytes += name.length + value.length;
    if (info.nameTruncated || info.valueTruncated || textBytes > limits.textBytes) refused = true;
    else if (!(name in fields)) fields[name] = value;
  });
  parser.on("file", (name: string | undefined, stream) => {
    let chunks: Buffer[] | null = name === PHOTOS_FIELD ? [] : null;
    stream.on("data", (chunk: Buffer) => {
      if (!chunks || problem) return;
      // An empty file input sends one part with no bytes: it is no photo, and not counted.
      if (!chunks.length && ++started > limits.count) return fail("tooMany");
      photoBytes += chunk.length;
      if (photoBytes > limits.totalBytes) return fail("totalTooLarge");
      chunks.push(chunk);
    });
    stream.on("limit", () => {
      chunks = null;
      fail("tooBig");
    });
    stream.on("end", () => {
      if (chunks?.length && !problem) photos.push(Buffer.concat(chunks));
      chunks = null;
    });
  });
  for (const event of ["fieldsLimit", "partsLimit"] as const) {
    parser.on(event, () => {
      refused = true;
    });
  }
  const read = await streamMultipart(request, parser, limits.bodyBytes);
  if (read !== "parsed") return read;
  if (refused) return "tooLarge";
  return { fields, photos, problem };
}

/** A photo as it is kept: re-encoded JPEG, in two sizes. */
export interface PreparedPhoto {
  width: number;
  height: number;
  large: Buffer;
  thumb: Buffer;
}

/**
 * The most pixels a photo may have, read from its header before anything is decoded, so that a
 * decompression bomb (a few KB that open as gigapixels) is refused at once. 50 MP takes what
 * phones write in their largest modes; the picture is shrunk as it is decoded.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The long side of the picture kept, and of its thumbnail. */
export const LARGE_SIDE = 2000;
export const THUMB_SIDE = 320;

export class PhotoRefused extends Error {
  readonly problem: PhotoProblem;
  constructor(problem: PhotoProblem) {
    super(`photo refused: ${problem}`);
    this.problem = problem;
  }
}

/**
 * Applications' photos being worked on (one application's at a time) and waiting: a set takes a
 * second or two; past eight waiting, more at once is a script, answered "busy".
 */
const photoWork = oneAtATime(8);

/**
 * Checks each photo by its content (its first bytes, then its decoder, which must agree) and
 * re-encodes it: turned upright as the camera meant it, at most LARGE_SIDE on its long side,
 * flattened onto white and written as a JPEG with none of the original's metadata (EXIF, GPS,
 * XMP, ICC, comments) nor any byte it carried past the picture. All of them, or PhotoRefused.
 */
export async function preparePhotos(
  uploads: readonly Uint8Array[],
  signal?: AbortSignal,
): Promise<PreparedPhoto[]> {
  if (!uploads.length) return [];
  const sharp = await loadSharp();
  const inputs: (() => Sharp)[] = [];
  for (const bytes of uploads) {
    const sniffed = sniffImage(bytes);
    if (!sniffed) throw new PhotoRefused("notAnImage");
    const input = () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" });
    const metadata = await input()
      .metadata()
      .catch((error: unknown) => {
        const bomb = error instanceof Error && /pixel limit/i.test(error.message);
        throw new PhotoRefused(bomb ? "tooManyPixels" : "unreadable");
      });
    if (metadata.format !== sniffed || !metadata.width || !metadata.height) {
      throw new PhotoRefused("unreadable");
    }
    inputs.push(input);
  }
  try {
    return await photoWork.run(async () => {
      const prepared: PreparedPhoto[] = [];
      for (const input of inputs) {
        const large = await input()
          .rotate()
          .resize({
            width: LARGE_SIDE,
            height: LARGE_SIDE,
            fit: "inside",
            withoutEnlargement: true,
          })
          .flatten({ background: "#ffffff" })
          .toColourspace("srgb")
          .jpeg({ quality: 82 })
          .toBuffer({ resolveWithObject: true })
          .catch(() => {
            throw new PhotoRefused("unreadable");
          });
        const thumb = await sharp(large.data)
          .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "inside" })
          .jpeg({ quality: 76 })
          .toBuffer();
        prepared.push({
          width: large.info.width,
          height: large.info.height,
          large: large.data,
          thumb,
        });
      }
      return prepared;
    }, signal);
  } catch (error) {
    if (error instanceof QueueFull) throw new PhotoRefused("busy");
    throw error;
  }
}
