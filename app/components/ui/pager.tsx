import type { ReactNode } from "react";
import { Link } from "react-router";
import "./kit.css";

/**
 * A keyset list's way through its pages (app/utils/keyset.ts): back to the first page once she
 * has left it, and on to the next while there is one. A cursor cannot go back a page, so there
 * is no "previous"; the first page is always one link away. A list that counts its pages (the
 * affiliate portal's referrals) passes the page before as `firstHref`, and says where she is
 * with `position`.
 */
export function Pager({
  label,
  firstHref,
  nextHref,
  firstLabel,
  nextLabel,
  position,
}: {
  /** Names the navigation landmark ("Pages of the list"). */
  label: string;
  /** The first page, when this is not it (in a list that counts its pages: the page before). */
  firstHref?: string | null;
  nextHref?: string | null;
  firstLabel: string;
  nextLabel: string;
  /** Between the two links: "Page 2 of 5". */
  position?: ReactNode;
}) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="pager">
      {firstHref ? <Link to={firstHref}>{firstLabel}</Link> : <span />}
      {position ? <p className="pager-position">{position}</p> : null}
      {nextHref ? <Link to={nextHref}>{nextLabel}</Link> : position ? <span /> : null}
    </nav>
  );
}

/**
 * Said where a list shows its first page instead of the one a malformed link asked for (the
 * loader answers 400): read out as it appears.
 */
export function PageLinkError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-4 text-sm font-medium text-coral-700">
      {children}
    </p>
  );
}
