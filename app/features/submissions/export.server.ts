import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  affiliates,
  rejectionReasons,
  submissionRatings,
  submissions,
  submissionStatusHistory as history,
  submissionTags,
  tags,
  user,
} from "#app/db/schema.server.ts";
import { toAgencyDateTime } from "#app/utils/agency-time.ts";
import { csvStream, type CsvColumn } from "#app/utils/csv.server.ts";
import { keysetRows } from "#app/utils/keyset.ts";
import { reviewListScope, type ReviewListFilter } from "./review-list.server.ts";
import { teamFilterParams } from "./team-filter.ts";

const referrer = alias(affiliates, "referrer");
const selfReferrer = alias(affiliates, "self_referrer");

/**
 * Every field she gave, for the rows of the list's filter in the list's order: a select of its
 * own, so the list's page never reads the columns it does not show. The affiliates are looked
 * up by primary key, row by row.
 */
function exportQuery(db: Database, filter: ReviewListFilter, limit: number) {
  const { where, orderBy } = reviewListScope(filter);
  return db
    .select({
      id: submissions.id,
      createdAt: submissions.createdAt,
      cursorCreatedAt: sql<string>`${submissions.createdAt}::text`,
      status: submissions.status,
      // The reason of the rejection that stands (the last one not undone), by its label.
      rejectionReason: sql<string | null>`case when ${submissions.status} = 'Reprovado' then (
        select ${rejectionReasons.label} from ${history}
        join ${rejectionReasons} on ${rejectionReasons.id} = ${history.reasonId}
        where ${history.submissionId} = ${submissions.id} and ${history.undoneAt} is null
        order by ${history.createdAt} desc, ${history.id} desc limit 1) end`,
      source: submissions.source,
      language: submissions.language,
      fullName: submissions.fullName,
      email: submissions.email,
      phone: submissions.phone,
      whatsapp: submissions.whatsapp,
      instagram: submissions.instagram,
      age: submissions.age,
      dateOfBirth: submissions.dateOfBirth,
      country: submissions.country,
      city: submissions.city,
      experience: submissions.experience,
      message: submissions.message,
      documentLastDigits: submissions.documentLastDigits,
      referralCode: submissions.referralCode,
      affiliateCode: referrer.referralCode,
      selfReferralCode: selfReferrer.referralCode,
      consentVersion: submissions.consentVersion,
      consentedAt: submissions.consentedAt,
      erasedAt: submissions.erasedAt,
      // The team's work (issue 28), read through each row's primary keys.
      ownerName: user.name,
      tagNames: sql<
        string | null
      >`(select string_agg(${tags.name}, ', ' order by lower(${tags.name})) from ${submissionTags} join ${tags} on ${tags.id} = ${submissionTags.tagId} where ${submissionTags.submissionId} = ${submissions.id})`,
      averageRating: sql<
        string | null
      >`(select round(avg(${submissionRatings.stars}), 1)::text from ${submissionRatings} where ${submissionRatings.submissionId} = ${submissions.id})`,
    })
    .from(submissions)
    .leftJoin(user, eq(user.id, submissions.ownerId))
    .leftJoin(referrer, eq(referrer.id, submissions.affiliateId))
    .leftJoin(selfReferrer, eq(selfReferrer.id, submissions.selfReferralAffiliateId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof exportQuery>>[number];

/** Times on the agency's clock, as the header says (product.md section 7). */
const brasilia = (date: Date | null) => (date ? toAgencyDateTime(date) : null);

const columns: readonly CsvColumn<Row>[] = [
  ["id", (r) => r.id],
  ["created_at (Brasília time)", (r) => brasilia(r.createdAt)],
  ["status", (r) => r.status],
  ["rejection_reason", (r) => r.rejectionReason],
  ["source", (r) => r.source],
  ["language", (r) => r.language],
  ["full_name", (r) => r.fullName],
  ["email", (r) => r.email],
  ["phone", (r) => r.phone],
  ["whatsapp", (r) => r.whatsapp],
  ["instagram", (r) => r.instagram],
  ["age", (r) => r.age],
  ["date_of_birth", (r) => r.dateOfBirth],
  ["country", (r) => r.country],
  ["city", (r) => r.city],
  ["experience", (r) => r.experience],
  ["message", (r) => r.message],
  // Never the number itself: it is revealed one application at a time, and logged.
  ["document_last_digits", (r) => (r.documentLastDigits ? `•••${r.documentLastDigits}` : null)],
  ["referral_code", (r) => r.referralCode],
  ["affiliate_code", (r) => r.affiliateCode],
  ["self_referral_code", (r) => r.selfReferralCode],
  ["consent_version", (r) => r.consentVersion],
  ["consented_at (Brasília time)", (r) => brasilia(r.consentedAt)],
  ["erased_at (Brasília time)", (r) => brasilia(r.erasedAt)],
  ["owner", (r) => r.ownerName],
  ["tags", (r) => r.tagNames],
  // A decimal comma, as the Portuguese spreadsheet reads numbers.
  ["average_rating", (r) => r.averageRating?.replace(".", ",") ?? null],
];

/**
 * The applications of a filter as CSV, streamed page by page (keyset, 1,000 rows at a time), so
 * an export of a million rows never sits in memory. The export itself is recorded in the
 * access log before the first byte leaves.
 */
export async function exportSubmissions(
  db: Database,
  filter: Omit<ReviewListFilter, "before">,
  actor: { id: string; ip?: string | null },
): Promise<ReadableStream<Uint8Array>> {
  await recordAccess(db, "submissions.export", {
    actor,
    subject: "submissions",
    details: {
      status: filter.status ?? "all",
      search: filter.search ?? null,
      ...(filter.source ? { source: filter.source } : {}),
      ...(filter.language ? { language: filter.language } : {}),
      ...(filter.affiliateId ? { affiliateId: filter.affiliateId } : {}),
      ...teamFilterParams(filter),
    },
  });
  return csvStream(
    columns,
    keysetRows((before, limit) => exportQuery(db, { ...filter, before }, limit)),
  );
}
