import { languages, type Language } from "#app/i18n/languages.ts";
import { storableText } from "#app/utils/text.ts";
import {
  submissionSources,
  type SubmissionSource,
  type SubmissionStatus,
} from "#app/db/submission-statuses.ts";
import { readTeamFilter, teamFilterParams, type TeamFilter } from "./team-filter.ts";

export const reviewSorts = ["newest", "oldest"] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** The review list's filters as they travel in its URL (and in its CSV export's). */
export interface ReviewFilter extends TeamFilter {
  search?: string;
  source?: SubmissionSource;
  language?: Language;
  affiliateId?: number;
  sort: ReviewSort;
}

/**
 * A list's order when its URL names none: the pending list oldest first (product.md section 7:
 * the agency promises an answer within days, so the longest wait comes first), the others newest.
 */
export const defaultSort = (status?: SubmissionStatus): ReviewSort =>
  status === "Pendente" ? "oldest" : "newest";

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  values.find((v) => v === value);

/**
 * Reads the filters from `?q=&source=&language=&affiliate=&sort=`; anything unknown is ignored.
 * (Not `lang`: that one switches the interface language on every page.)
 */
export function readReviewFilter(params: URLSearchParams, status?: SubmissionStatus): ReviewFilter {
  const search = storableText((params.get("q") ?? "").trim().slice(0, 100));
  const affiliate = params.get("affiliate") ?? "";
  return {
    search: search || undefined,
    source: oneOf(submissionSources, params.get("source")),
    language: oneOf(
      languages.map((l) => l.code),
      params.get("language"),
    ),
    affiliateId: /^[1-9]\d{0,14}$/.test(affiliate) ? Number(affiliate) : undefined,
    sort: oneOf(reviewSorts, params.get("sort")) ?? defaultSort(status),
    ...readTeamFilter(params),
  };
}

/** The filters as query parameters, only those that are set: links keep them across pages. */
export function reviewFilterParams(
  filter: ReviewFilter,
  status?: SubmissionStatus,
): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.search) params.q = filter.search;
  if (filter.source) params.source = filter.source;
  if (filter.language) params.language = filter.language;
  if (filter.affiliateId) params.affiliate = String(filter.affiliateId);
  if (filter.sort !== defaultSort(status)) params.sort = filter.sort;
  Object.assign(params, teamFilterParams(filter));
  return params;
}
