/**
 * Addresses of uploaded images (app/features/images/images.server.ts). An image is kept at the
 * widths the pages ask for, never wider than it came: `/media/<id>-<hash>-<width>.<format>`.
 * The hash names the content, so an address never changes what it shows and is cached for a
 * year.
 */
export const IMAGE_WIDTHS = [480, 960, 1440] as const;
/**
 * A person's photo (a testimonial's, a team member's) is cropped square and kept smaller: a
 * 56-pixel avatar or a card a few hundred pixels wide never needs more than 640.
 */
export const PORTRAIT_WIDTHS = [160, 320, 640] as const;
/** The largest upload taken; the editor says so before sending a larger file. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface StoredImage {
  id: number;
  hash: string;
  width: number;
  height: number;
}

/** The widths an image of this width is kept at: the standard ones below it, and its own. */
export function variantWidths(width: number, standard: readonly number[] = IMAGE_WIDTHS): number[] {
  const top = Math.min(width, standard[standard.length - 1]!);
  return [...standard.filter((w) => w < top), top];
}

export function mediaBase(image: Pick<StoredImage, "id" | "hash">) {
  return `/media/${image.id}-${image.hash}`;
}

export function mediaSrc(
  image: Pick<StoredImage, "id" | "hash">,
  width: number,
  format: ImageFormat,
) {
  return `${mediaBase(image)}-${width}.${format}`;
}

const MEDIA_FILE = /^(\d{1,15})-([0-9a-f]{16})-(\d{2,4})\.(avif|webp)$/;

/** The parts of a media file's name, or null for anything else. */
export function parseMediaFile(name: string) {
  const match = MEDIA_FILE.exec(name);
  if (!match) return null;
  return {
    id: Number(match[1]),
    hash: match[2]!,
    width: Number(match[3]),
    format: match[4] as ImageFormat,
  };
}
