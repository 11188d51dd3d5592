import { reviewLists } from "#app/features/admin/admin-nav.ts";
import { readReviewFilter, reviewFilterParams, type ReviewFilter } from "./review-filter.ts";

export type ReviewList = (typeof reviewLists)[number];

/**
 * The list an application was opened from, with its filters and order: it travels in the
 * detail's query string (`?list=pendentes&q=ana&sort=oldest`), so the detail can name the next
 * and previous application of that same list, a reload or a shared link keeps them, and a
 * decision's redirect comes back to it. Without it, the list of every application, newest first.
 */
export interface ReviewContext {
  list: ReviewList;
  filter: ReviewFilter;
}

const DEFAULT_LIST = reviewLists[0];

const slugOf = (list: ReviewList) => list.path.slice(list.path.lastIndexOf("/") + 1);

export function readReviewContext(params: URLSearchParams): ReviewContext {
  const slug = params.get("list");
  const list = reviewLists.find((each) => slugOf(each) === slug) ?? DEFAULT_LIST;
  return { list, filter: readReviewFilter(params, list.status) };
}

/** The context as query parameters, only what differs from the default list. */
export function reviewContextParams({ list, filter }: ReviewContext): Record<string, string> {
  return {
    ...(list === DEFAULT_LIST ? {} : { list: slugOf(list) }),
    ...reviewFilterParams(filter, list.status),
  };
}

function withQuery(path: string, params: Record<string, string>) {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/** An application's page, opened from this list (and any extra parameter, e.g. a notice). */
export function detailHref(id: number, context: ReviewContext, extra: Record<string, string> = {}) {
  return withQuery(`/admin/cadastros/${id}`, { ...reviewContextParams(context), ...extra });
}

/** The list itself, with its filters and order. */
export function listHref({ list, filter }: ReviewContext) {
  return withQuery(list.path, reviewFilterParams(filter, list.status));
}
