import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "#app/utils/cn.ts";
import "./kit.css";

export interface Stat {
  /** Unique in the list. */
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** A line under the label (the period a figure covers). */
  hint?: ReactNode;
  /** The list the figure counts: the whole tile leads there, named by its label. */
  to?: string;
}

/**
 * Figures, each a label over its number: as tiles (a card each, the figure at the bottom so
 * figures line up when a label takes two lines), or as a plain list inside a card. A description
 * list, so a screen reader reads each label with its figure.
 */
export function StatCards({
  stats,
  variant = "tile",
  className,
}: {
  stats: readonly Stat[];
  variant?: "tile" | "figure";
  /** The grid's columns, e.g. `sm:grid-cols-2 xl:grid-cols-4`. */
  className?: string;
}) {
  return (
    <dl className={cn("stat-cards", className)} data-variant={variant}>
      {stats.map((stat) => (
        <div key={stat.key}>
          <dt>
            {stat.to ? <Link to={stat.to}>{stat.label}</Link> : stat.label}
            {stat.hint ? <span className="stat-hint">{stat.hint}</span> : null}
          </dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
