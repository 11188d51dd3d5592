import { Link } from "react-router";
import "./kit.css";

/**
 * A keyset list's way through its pages (app/utils/keyset.ts): back to the first page once she
 * has left it, and on to the next while there is one. A cursor cannot go back a page, so there
 * is no "previous"; the first page is always one link away.
 */
export function Pager({
  label,
  firstHref,
  nextHref,
  firstLabel,
  nextLabel,
}: {
  /** Names the navigation landmark ("Pages of the list"). */
  label: string;
  /** The first page, when this is not it. */
  firstHref?: string | null;
  nextHref?: string | null;
  firstLabel: string;
  nextLabel: string;
}) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="pager">
      {firstHref ? <Link to={firstHref}>{firstLabel}</Link> : <span />}
      {nextHref ? <Link to={nextHref}>{nextLabel}</Link> : null}
    </nav>
  );
}
