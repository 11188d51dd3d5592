import type { ReactNode } from "react";
import { Link } from "react-router";
import "./kit.css";

/**
 * A keyset list's way through its pages (app/utils/keyset.ts): back to the first page once she
 * has left it, and on to the next while there is one. A cursor cannot go back a page, so there
 * is no "previous"; the first page is always one link away. A numbered list (offset pages, a
 * total) gives `previousHref` instead of `firstHref`, and its `position` between the links.
 */
export function Pager({
  label,
  firstHref,
  previousHref,
  nextHref,
  firstLabel,
  previousLabel,
  nextLabel,
  position,
}: {
  /** Names the navigation landmark ("Pages of the list"). */
  label: string;
  /** The first page, when this is not it. */
  firstHref?: string | null;
  /** A numbered list's page before this one. */
  previousHref?: string | null;
  nextHref?: string | null;
  firstLabel?: string;
  previousLabel?: string;
  nextLabel: string;
  /** Where a numbered list is ("Page 2 of 5"), between the links. */
  position?: ReactNode;
}) {
  if (!firstHref && !previousHref && !nextHref) return null;
  const back = previousHref
    ? { to: previousHref, label: previousLabel }
    : firstHref
      ? { to: firstHref, label: firstLabel }
      : null;
  return (
    <nav aria-label={label} className="pager">
      {back ? <Link to={back.to}>{back.label}</Link> : <span />}
      {position ? <span className="pager-position">{position}</span> : null}
      {nextHref ? <Link to={nextHref}>{nextLabel}</Link> : position ? <span /> : null}
    </nav>
  );
}
