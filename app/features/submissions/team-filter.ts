/**
 * The review list's team filters as they travel in its URL (issue 28): whose applications, which
 * tag, what average rating, referred ones, and pending ones that have waited too long. Read and
 * written beside the other filters (review-filter.ts), so pages, exports, an application's
 * neighbours and saved views keep them.
 */
export interface TeamFilter {
  /** Hers ("me", the viewer, whoever she is: a saved "Mine" works for everyone) or nobody's. */
  owner?: "me" | "none";
  tagId?: number;
  /** The least average rating, 1 to 5. */
  minRating?: number;
  /** Only applications an affiliate referred. */
  referred?: boolean;
  /** Only pending applications older than WAITING_DAYS. */
  waiting?: boolean;
  /**
   * Who is looking (her user id), set by the server, never read from the URL nor written to
   * it: "Mine" is hers. Without it, "Mine" keeps nothing.
   */
  viewerId?: string;
}

/** "Waiting > 5 days": older than this, a pending application is late (product.md section 7). */
export const WAITING_DAYS = 5;

const id = /^[1-9]\d{0,14}$/;

export function readTeamFilter(params: URLSearchParams): TeamFilter {
  const owner = params.get("owner");
  const tag = params.get("tag") ?? "";
  const rating = params.get("rating") ?? "";
  return {
    owner: owner === "me" || owner === "none" ? owner : undefined,
    tagId: id.test(tag) ? Number(tag) : undefined,
    minRating: /^[1-5]$/.test(rating) ? Number(rating) : undefined,
    referred: params.get("referred") === "1" || undefined,
    waiting: params.get("waiting") === "1" || undefined,
  };
}

export function teamFilterParams(filter: TeamFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.owner) params.owner = filter.owner;
  if (filter.tagId) params.tag = String(filter.tagId);
  if (filter.minRating) params.rating = String(filter.minRating);
  if (filter.referred) params.referred = "1";
  if (filter.waiting) params.waiting = "1";
  return params;
}
