import type { ReactNode } from "react";
import { tagColourClasses, type TagColour } from "#app/db/tag-colours.ts";
import { cn } from "#app/utils/cn.ts";

/** A tag as the review screens show it: its name on its colour (the name says it all). */
export function TagChip({
  tag,
  className,
  children,
}: {
  tag: { name: string; colour: TagColour };
  className?: string;
  /** A button of its own after the name (take it off). */
  children?: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tagColourClasses[tag.colour],
        className,
      )}
    >
      <span className="truncate">{tag.name}</span>
      {children}
    </span>
  );
}
