import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  reviewListQuery,
  type ReviewListCursor,
  type ReviewListFilter,
} from "./review-list.server.ts";

const BATCH = 1000;

const columns = [
  ["id", (r: Row) => r.id],
  ["created_at", (r: Row) => r.createdAt.toISOString()],
  ["status", (r: Row) => r.status],
  ["source", (r: Row) => r.source],
  ["language", (r: Row) => r.language],
  ["full_name", (r: Row) => r.fullName],
  ["email", (r: Row) => r.email],
  ["age", (r: Row) => r.age],
  ["date_of_birth", (r: Row) => r.dateOfBirth],
  ["whatsapp", (r: Row) => r.whatsapp],
  ["instagram", (r: Row) => r.instagram],
  ["experience", (r: Row) => r.experience],
  ["referral_code", (r: Row) => r.referralCode],
] as const;

type Row = Awaited<ReturnType<typeof reviewListQuery>>[number];

/**
 * One CSV cell. Quoted when it holds a comma, quote or line break; and a text starting with
 * = + - @ (or a tab/return) gets a leading apostrophe, so a spreadsheet never runs it as a
 * formula someone typed into a form.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
  const encoder = new TextEncoder();
  let cursor: ReviewListCursor | undefined;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark: spreadsheet programs then read the names' accents right.
        controller.enqueue(encoder.encode(`\uFEFF${columns.map(([name]) => name).join(",")}\r\n`));
        return;
      }
      if (done) return controller.close();
      const rows = await reviewListQuery(db, { ...filter, before: cursor }, BATCH);
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) done = true;
      if (last) cursor = { createdAt: last.cursorCreatedAt, id: last.id };
      const text = rows
        .map((row) => columns.map(([, read]) => csvCell(read(row))).join(",") + "\r\n")
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
  });
}
