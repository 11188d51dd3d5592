import type { ComponentProps, ReactNode } from "react";
import { cn } from "#app/utils/cn.ts";
import "./kit.css";

/**
 * A titled part of a screen, in a card. Its heading names it (`aria-labelledby`), so screen
 * readers list it among the page's regions; `landmark={false}` leaves it unnamed when what it
 * holds is already a named region (a table), so the same name is not read twice.
 */
export function Section({
  id,
  anchor,
  title,
  description,
  actions,
  landmark = true,
  hideTitle = false,
  level = 2,
  className,
  children,
}: {
  /** Prefix of the heading's id (`<id>-title`), unique on the page. */
  id: string;
  /** The section's own id, when a link leads to it (`/dashboard/model#profile`). */
  anchor?: string;
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title on wide screens, under it on phones (a link, a small form). */
  actions?: ReactNode;
  landmark?: boolean;
  /** Named for screen readers only (the figures speak for themselves on screen). */
  hideTitle?: boolean;
  /** Its heading's level: 3 under a heading of the page's own (analytics' groups of tables). */
  level?: 2 | 3;
  className?: string;
  children?: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  const heading = (
    <Heading id={`${id}-title`} className={hideTitle ? "sr-only" : "section-title"}>
      {title}
    </Heading>
  );
  const intro = description ? <p className="section-description">{description}</p> : null;
  return (
    <section
      id={anchor}
      aria-labelledby={landmark ? `${id}-title` : undefined}
      className={cn("card", className)}
    >
      {actions ? (
        // The title and its description read as one block, the actions beside it.
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {heading}
            {intro}
          </div>
          {actions}
        </div>
      ) : (
        <>
          {heading}
          {intro}
        </>
      )}
      {children}
    </section>
  );
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("empty-state", className)} {...props} />;
}
