import type { ComponentProps } from "react";
import { cn } from "#app/utils/cn.ts";
import type { IconName } from "#app/components/ui/icons/names.ts";
import spriteHref from "#app/components/ui/icons/sprite.svg?url";

export { spriteHref };
export type { IconName };

// Arrows point the other way in right-to-left languages.
const directional = new Set<IconName>(["arrow-left", "arrow-right"]);

/**
 * An icon from the sprite (scripts/build-icons.ts writes it): a <use> of a symbol in one cached
 * SVG file, so icons cost no JavaScript. Always decorative: give the control it sits in the
 * accessible name. 24×24 like Lucide's unless a class sizes it (classes win over the attributes).
 */
export function Icon({
  name,
  className,
  ...props
}: { name: IconName } & Omit<ComponentProps<"svg">, "children" | "aria-hidden" | "focusable">) {
  return (
    <svg
      width={24}
      height={24}
      {...props}
      aria-hidden="true"
      focusable="false"
      className={cn(directional.has(name) && "rtl:-scale-x-100", className) || undefined}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
