import { cn } from "#app/utils/cn.ts";

/** Widths the cover images are generated at (scripts/generate-images.ts). */
export const COVER_WIDTHS = [480, 960, 1440] as const;

/**
 * An article's cover in AVIF with a WebP fallback, at the size the layout needs. Decorative:
 * the title beside it says what it is. Lazy unless it is the page's main image.
 */
export function CoverImage({
  cover,
  sizes,
  priority = false,
  className,
}: {
  cover: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const srcSet = (format: string) =>
    COVER_WIDTHS.map((w) => `${cover}-${w}.${format} ${w}w`).join(", ");
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={`${cover}-960.webp`}
        alt=""
        width={1440}
        height={810}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={cn("aspect-video w-full bg-brand-100 object-cover", className)}
      />
    </picture>
  );
}
