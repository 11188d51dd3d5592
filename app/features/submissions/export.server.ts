import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { csvStream, type CsvColumn } from "#app/utils/csv.server.ts";
import { keysetRows } from "#app/utils/keyset.ts";
import { reviewListQuery, type ReviewListFilter } from "./review-list.server.ts";

type Row = Awaited<ReturnType<typeof reviewListQuery>>[number];

const columns: readonly CsvColumn<Row>[] = [
  ["id", (r) => r.id],
  ["created_at", (r) => r.createdAt.toISOString()],
  ["status", (r) => r.status],
  ["source", (r) => r.source],
  ["language", (r) => r.language],
  ["full_name", (r) => r.fullName],
  ["email", (r) => r.email],
  ["age", (r) => r.age],
  ["date_of_birth", (r) => r.dateOfBirth],
  ["whatsapp", (r) => r.whatsapp],
  ["instagram", (r) => r.instagram],
  ["experience", (r) => r.experience],
  ["referral_code", (r) => r.referralCode],
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
    },
  });
  return csvStream(
    columns,
    keysetRows((before, limit) => reviewListQuery(db, { ...filter, before }, limit)),
  );
}
