import type { HeadersArgs } from "react-router";

/**
 * The headers of a page whose action can answer with more than a body (Retry-After on a 429).
 * React Router only carries a route's own action headers over when the route says so; cookies
 * it merges by itself.
 */
export function pageWithActionHeaders({ parentHeaders, actionHeaders }: HeadersArgs) {
  const headers = new Headers(parentHeaders);
  actionHeaders.forEach((value, name) => {
    if (name !== "set-cookie") headers.set(name, value);
  });
  return headers;
}
