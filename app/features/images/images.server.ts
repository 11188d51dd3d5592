import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type SharpModule from "sharp";
import type { Metadata, Sharp } from "sharp";
import type { Database } from "#app/db/db.server.ts";
import { images, imageVariants } from "#app/db/schema.server.ts";
import { oneAtATime, QueueFull } from "./work-queue.server.ts";
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  MAX_IMAGE_BYTES,
  PORTRAIT_WIDTHS,
  variantWidths,
  type ImageFormat,
  type StoredImage,
} from "./media.ts";

/**
 * Uploaded images (an article's cover): checked by their content, re-encoded to AVIF and WebP at
 * the widths the pages use with every metadata block (EXIF, GPS, XMP, ICC names) left behind,
 * and kept in the database, so every instance serves the same bytes.
 */

/**
 * The most pixels an upload may have, read from its header before anything is decoded, so a
 * decompression bomb (a small file that opens as a huge picture) costs nothing. 40 megapixels
 * takes what cameras write (phones 12–24 MP, most system cameras 24–36 MP: 28 times a cover's
 * 1440 × 1000) and refuses the 48–50 MP modes of a few phones, which the editor can export
 * smaller. It fits the server's memory: the picture is shrunk to the largest variant as it is
 * decoded, so a usual one needs a few MB; the worst, a strip at most 1440 wide, is kept whole
 * (40 MP × 4 bytes = 160 MB), and only one image is worked on at a time (imageWork below).
 */
export const MAX_PIXELS = 40_000_000;

/**
 * Uploads being worked on (one) and waiting. Four waiting: a cover takes one to three seconds,
 * so the last one waits about ten seconds, and they hold at most 4 × 10 MB of upload in memory;
 * an editor uploads one cover at a time, so more than four at once is a script, answered 503.
 */
const imageWork = oneAtATime(4);
/** Seconds the editor is asked to wait when the line is full: about the time it takes to clear. */
export const BUSY_RETRY_SECONDS = 10;

/** Why an upload was refused: each has its message in the admin's strings (admin.images.*). */
export type ImageProblem =
  "empty" | "tooLarge" | "notAnImage" | "tooManyPixels" | "unreadable" | "busy";

/** The upload endpoint's answer (/admin/images), read by the editor's cover field. */
export type UploadResult =
  | { ok: true; image: StoredImage }
  | { ok: false; error: `admin.images.errors.${ImageProblem | "missing" | "crossSite"}` };

export class ImageRejected extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem) {
    super(`image refused: ${problem}`);
    this.problem = problem;
  }
}

/** The format the first bytes say, whatever the file's name or the browser's type claim. */
export function sniffImage(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

interface Encoded {
  width: number;
  height: number;
  variants: { format: ImageFormat; width: number; bytes: Buffer }[];
}

// libvips is loaded with the first upload, not with the server: most processes never need it
// (and loading it sets VIPSHOME in the environment).
let loading: Promise<typeof SharpModule> | undefined;
export const loadSharp = () =>
  (loading ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per image (with one image at a time, one core): the other is left to
    // the pages. No operation cache: an upload is never worked on twice, and the cache would
    // keep up to 50 MB of its pixels.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));

/**
 * "as-sent": the picture's own proportions, at the pages' widths (a cover, the hero).
 * "portrait": a person's photo, cropped square around what draws the eye (libvips' attention
 * strategy: skin tones, contrast, saturation), at the smaller widths of PORTRAIT_WIDTHS.
 */
export type ImageShape = "as-sent" | "portrait";

/**
 * The variants of an upload, or ImageRejected. Its header is checked at once; the decoding and
 * encoding wait their turn (one upload at a time) on libvips' thread, off the event loop, or
 * are refused ("busy") when too many wait. `signal`: the request's, whose sender may leave.
 */
export async function encodeImage(
  bytes: Uint8Array,
  signal?: AbortSignal,
  shape: ImageShape = "as-sent",
): Promise<Encoded> {
  const sharp = await loadSharp();
  if (!bytes.length) throw new ImageRejected("empty");
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected("tooLarge");
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new ImageRejected("notAnImage");
  const input = (): Sharp => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejected("tooManyPixels");
    }
    throw new ImageRejected("unreadable");
  }
  // The decoder must agree with the first bytes: a PNG header on something else is refused.
  if (metadata.format !== sniffed || !metadata.width || !metadata.height) {
    throw new ImageRejected("unreadable");
  }
  if (metadata.width * metadata.height > MAX_PIXELS) throw new ImageRejected("tooManyPixels");
  try {
    const side = Math.min(metadata.width, metadata.height);
    return await imageWork.run(() => encodeVariants(sharp, input, shape, side), signal);
  } catch (error) {
    if (error instanceof QueueFull) throw new ImageRejected("busy");
    throw error;
  }
}

async function encodeVariants(
  sharp: typeof SharpModule,
  input: () => Sharp,
  shape: ImageShape,
  /** The picture's shorter side: a portrait is cropped to a square at most this wide. */
  side: number,
): Promise<Encoded> {
  const standard = shape === "portrait" ? PORTRAIT_WIDTHS : IMAGE_WIDTHS;
  const largest = standard[standard.length - 1]!;
  const square = Math.min(side, largest);
  // Turned upright as the camera meant it, shrunk to the largest width a page shows while it is
  // decoded (never the whole picture in memory, but for a strip narrower than that), in sRGB;
  // its raw pixels carry none of its metadata.
  const upright = await input()
    .rotate()
    .resize(
      shape === "portrait"
        ? { width: square, height: square, fit: "cover", position: sharp.strategy.attention }
        : { width: largest, withoutEnlargement: true },
    )
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new ImageRejected("unreadable");
    });
  const { width, height, channels } = upright.info;
  const variants: Encoded["variants"] = [];
  for (const target of variantWidths(width, standard)) {
    const resized = sharp(upright.data, { raw: { width, height, channels } }).resize({
      width: target,
      withoutEnlargement: true,
    });
    variants.push(
      {
        format: "avif",
        width: target,
        bytes: await resized.clone().avif({ quality: 55, effort: 4 }).toBuffer(),
      },
      {
        format: "webp",
        width: target,
        bytes: await resized.clone().webp({ quality: 78 }).toBuffer(),
      },
    );
  }
  return { width, height, variants };
}

/** Stores an encoded image and its variants in one transaction. */
export async function storeImage(
  db: Database,
  encoded: Encoded,
  createdBy: string,
): Promise<StoredImage> {
  const biggest = encoded.variants.find((v) => v.format === "webp" && v.width === encoded.width)!;
  const hash = createHash("sha256").update(biggest.bytes).digest("hex").slice(0, 16);
  return db.transaction(async (tx) => {
    const [image] = await tx
      .insert(images)
      .values({ hash, width: encoded.width, height: encoded.height, createdBy })
      .returning({ id: images.id });
    await tx
      .insert(imageVariants)
      .values(encoded.variants.map((variant) => ({ imageId: image!.id, ...variant })));
    return { id: image!.id, hash, width: encoded.width, height: encoded.height };
  });
}

export async function findImage(db: Database, id: number): Promise<StoredImage | null> {
  const [image] = await db
    .select({ id: images.id, hash: images.hash, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.id, id));
  return image ?? null;
}

// Variants never change (their address names their content): the most asked ones stay in memory.
const MAX_CACHED_BYTES = 24 * 1024 * 1024;
const cached = new Map<string, Buffer>();
let cachedBytes = 0;

/** A variant's bytes, when the address names one that exists. */
export async function readVariant(
  db: Database,
  file: { id: number; hash: string; width: number; format: ImageFormat },
): Promise<Buffer | null> {
  const key = `${file.id}-${file.hash}-${file.width}.${file.format}`;
  const hit = cached.get(key);
  if (hit) {
    cached.delete(key);
    cached.set(key, hit);
    return hit;
  }
  if (!IMAGE_FORMATS.includes(file.format)) return null;
  const [row] = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(
      and(
        eq(imageVariants.imageId, file.id),
        eq(images.hash, file.hash),
        eq(imageVariants.format, file.format),
        eq(imageVariants.width, file.width),
      ),
    );
  if (!row) return null;
  cached.set(key, row.bytes);
  cachedBytes += row.bytes.byteLength;
  for (const [oldest, bytes] of cached) {
    if (cachedBytes <= MAX_CACHED_BYTES) break;
    cached.delete(oldest);
    cachedBytes -= bytes.byteLength;
  }
  return row.bytes;
}

/**
 * Drops a deleted image's variants from this instance's memory. (Another instance may serve
 * them from its own until they are pushed out; none serves them after a restart.)
 */
export function forgetImage(id: number) {
  for (const [key, bytes] of cached) {
    if (!key.startsWith(`${id}-`)) continue;
    cached.delete(key);
    cachedBytes -= bytes.byteLength;
  }
}
