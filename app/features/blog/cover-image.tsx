import { cn } from "#app/utils/cn.ts";
import { mediaSrc, variantWidths, type ImageFormat } from "#app/features/images/media.ts";
import type { Cover } from "./posts.server.ts";

/**
 * An article's cover in AVIF with a WebP fallback, at the size the layout needs (the widths it
 * was kept at: app/features/images/media.ts). Its alt text is the editor's; empty when it only
 * decorates. Lazy unless it is the page's main image. Without a cover, a calm panel holds its
 * place, so the cards line up.
 */
export function CoverImage({
  cover,
  sizes,
  priority = false,
  className,
}: {
  cover: Cover | null;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const box = cn("aspect-video w-full bg-brand-100 object-cover", className);
  if (!cover)
    return <div aria-hidden className={cn(box, "bg-linear-to-br from-brand-100 to-brand-300")} />;
  const { image, alt } = cover;
  const widths = variantWidths(image.width);
  const srcSet = (format: ImageFormat) =>
    widths.map((w) => `${mediaSrc(image, w, format)} ${w}w`).join(", ");
  const fallback = widths.find((w) => w >= 960) ?? widths[widths.length - 1]!;
  const largest = widths[widths.length - 1]!;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={mediaSrc(image, fallback, "webp")}
        alt={alt}
        width={largest}
        height={Math.round((largest * image.height) / image.width)}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={box}
      />
    </picture>
  );
}
