import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "#app/utils/cn.ts";
import { Icon } from "./icon.tsx";
import "./kit.css";

/**
 * A table in a frame that scrolls sideways on a narrow screen. The frame is a named region a
 * keyboard can focus, so arrow keys scroll it; the caption names the table (hidden unless
 * `showCaption`). `framed` draws the card around it; inside a Section it is left plain.
 */
export function Table({
  caption,
  showCaption = false,
  framed = false,
  density = "comfortable",
  className,
  tableClassName,
  children,
}: {
  caption: string;
  showCaption?: boolean;
  framed?: boolean;
  /** Compact rows for figures beside a chart or inside a card. */
  density?: "comfortable" | "compact";
  className?: string;
  /** E.g. a minimum width (`min-w-[56rem]`) for a table of many columns. */
  tableClassName?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn("table-frame", framed && "card-flush", className)}
    >
      <table className={cn("data-table", tableClassName)} data-density={density}>
        <caption className={showCaption ? "px-4 pt-4 text-start font-semibold" : "sr-only"}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

type SortDirection = "ascending" | "descending";

/**
 * A header cell: of a column (`scope="col"`), or of its row (`row`). A sortable column's header
 * is a link to the same list sorted by it; `aria-sort` tells which column the list is sorted by.
 */
export function Th({
  numeric,
  row,
  sort,
  className,
  children,
  ...props
}: Omit<ComponentProps<"th">, "scope"> & {
  numeric?: boolean;
  row?: boolean;
  sort?: { href: string; direction?: SortDirection };
}) {
  return (
    <th
      scope={row ? "row" : "col"}
      data-numeric={numeric || undefined}
      aria-sort={sort ? (sort.direction ?? "none") : undefined}
      className={className}
      {...props}
    >
      {sort ? (
        <Link to={sort.href} preventScrollReset>
          {children}
          {sort.direction ? (
            <Icon
              name="chevron-down"
              className={cn("size-3.5", sort.direction === "ascending" && "rotate-180")}
            />
          ) : null}
        </Link>
      ) : (
        children
      )}
    </th>
  );
}

export function Td({ numeric, ...props }: ComponentProps<"td"> & { numeric?: boolean }) {
  return <td data-numeric={numeric || undefined} {...props} />;
}

/** The one row of a table with nothing in it, across all its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="text-ink-600">
        {children}
      </td>
    </tr>
  );
}
