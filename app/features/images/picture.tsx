import type { ComponentProps } from "react";
import { mediaSrc, variantWidths, type ImageFormat, type StoredImage } from "./media.ts";

/**
 * An uploaded image in AVIF with a WebP fallback, at the widths it was kept at (`standard`:
 * IMAGE_WIDTHS or PORTRAIT_WIDTHS, app/features/images/media.ts), the browser choosing by
 * `sizes`. Its width and height attributes carry its proportions, so its box is laid out
 * before a byte arrives; the class may set another aspect ratio (object-cover fills it).
 */
export function Picture({
  image,
  standard,
  sizes,
  alt,
  ...img
}: {
  image: StoredImage;
  standard?: readonly number[];
  sizes: string;
  alt: string;
} & Pick<ComponentProps<"img">, "className" | "loading" | "fetchPriority">) {
  const widths = variantWidths(image.width, standard);
  const srcSet = (format: ImageFormat) =>
    widths.map((w) => `${mediaSrc(image, w, format)} ${w}w`).join(", ");
  const largest = widths[widths.length - 1]!;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={mediaSrc(image, widths[Math.min(1, widths.length - 1)]!, "webp")}
        alt={alt}
        width={largest}
        height={Math.round((largest * image.height) / image.width)}
        loading="lazy"
        decoding="async"
        {...img}
      />
    </picture>
  );
}
