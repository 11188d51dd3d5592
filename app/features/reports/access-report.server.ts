import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { accessLog, affiliates, submissions, user } from "#app/db/schema.server.ts";
import { toAgencyDateTime } from "#app/utils/agency-time.ts";
import { csvStream, type CsvColumn } from "#app/utils/csv.server.ts";
import { keysetRows, type KeysetCursor } from "#app/utils/keyset.ts";
import { startOfAgencyDay } from "./access-actions.ts";

/**
 * The access report (product.md section 5): who did what to whose data, when and from where,
 * newest first, filtered and paged by keyset on (created_at, id), and exported as CSV.
 */

/** Where a page of the log starts: app/utils/keyset.ts. */
export type AccessLogCursor = KeysetCursor;

export interface AccessLogFilter {
  /** An action ("user.role") or a family of them ("user.*"), already checked. */
  action?: string;
  /** Part of the staff member's name or e-mail. */
  actor?: string;
  /** First and last day (YYYY-MM-DD), in the agency's time zone, both included. */
  from?: string;
  to?: string;
  before?: AccessLogCursor;
}

const MAX_PAGE_SIZE = 200;
function containsPattern(search: string) {
  return `%${search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

const actor = alias(user, "actor");
const subjectUser = alias(user, "subject_user");
const subjectAffiliateUser = alias(user, "subject_affiliate_user");

/**
 * The id inside a subject ("submission:42" → 42) when it is of that kind, else null: the join is
 * then a primary-key lookup per entry of the page, never a scan of the subjects' table.
 */
const subjectId = (kind: string) =>
  sql`case when ${accessLog.subject} ~ ${`^${kind}:[0-9]{1,18}$`} then substr(${accessLog.subject}, ${kind.length + 2})::bigint end`;

export function accessLogQuery(db: Database, filter: AccessLogFilter, limit: number) {
  const conditions: SQL[] = [];
  if (filter.action?.endsWith(".*")) {
    const family = filter.action.slice(0, -2).replace(/[\\%_]/g, "\\$&");
    conditions.push(sql`${accessLog.action} like ${`${family}.%`}`);
  } else if (filter.action) {
    conditions.push(eq(accessLog.action, filter.action));
  }
  const search = filter.actor?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(sql`lower(${actor.name}) like ${pattern}`, sql`lower(${actor.email}) like ${pattern}`)!,
    );
  }
  const from = filter.from ? startOfAgencyDay(filter.from) : null;
  if (from) conditions.push(sql`${accessLog.createdAt} >= ${from.toISOString()}::timestamptz`);
  const to = filter.to ? startOfAgencyDay(filter.to) : null;
  if (to) {
    const end = new Date(to.getTime() + 24 * 3600_000);
    conditions.push(sql`${accessLog.createdAt} < ${end.toISOString()}::timestamptz`);
  }
  if (filter.before) {
    conditions.push(
      sql`(${accessLog.createdAt}, ${accessLog.id}) < (${filter.before.createdAt}::timestamptz, ${filter.before.id})`,
    );
  }
  return db
    .select({
      id: accessLog.id,
      createdAt: accessLog.createdAt,
      cursorCreatedAt: sql<string>`${accessLog.createdAt}::text`,
      actorId: accessLog.actorId,
      actorName: actor.name,
      actorRole: actor.role,
      action: accessLog.action,
      subject: accessLog.subject,
      subjectName: sql<
        string | null
      >`coalesce(${subjectUser.name}, ${submissions.fullName}, ${subjectAffiliateUser.name})`,
      subjectEmail: subjectUser.email,
      details: accessLog.details,
      ip: accessLog.ip,
    })
    .from(accessLog)
    .leftJoin(actor, eq(actor.id, accessLog.actorId))
    .leftJoin(
      subjectUser,
      sql`${subjectUser.id} = case when ${accessLog.subject} like 'user:%' then substr(${accessLog.subject}, 6) end`,
    )
    .leftJoin(submissions, sql`${submissions.id} = ${subjectId("submission")}`)
    .leftJoin(affiliates, sql`${affiliates.id} = ${subjectId("affiliate")}`)
    .leftJoin(subjectAffiliateUser, eq(subjectAffiliateUser.id, affiliates.userId))
    .where(and(...conditions))
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(limit);
}

type QueryRow = Awaited<ReturnType<typeof accessLogQuery>>[number];
export type AccessLogRow = Omit<QueryRow, "cursorCreatedAt">;

/** One page of the log, newest first, and the cursor of the next page (null on the last). */
export async function listAccessLog(
  db: Database,
  { limit = 50, ...filter }: AccessLogFilter & { limit?: number } = {},
): Promise<{ rows: AccessLogRow[]; next: AccessLogCursor | null }> {
  const size = Math.min(Math.max(Math.trunc(limit) || 50, 1), MAX_PAGE_SIZE);
  const found = await accessLogQuery(db, filter, size + 1);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ cursorCreatedAt: _cursor, ...row }) => row),
    next: found.length > size && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  };
}

/** The export's columns; the action also in words, as the report names it. */
const columns = (label: (action: string) => string): CsvColumn<QueryRow>[] => [
  ["id", (r) => r.id],
  ["created_at (Brasília time)", (r) => toAgencyDateTime(r.createdAt)],
  ["actor_id", (r) => r.actorId],
  ["actor_name", (r) => (r.actorId ? r.actorName : "system")],
  ["actor_role", (r) => r.actorRole],
  ["action", (r) => r.action],
  ["action_label", (r) => label(r.action)],
  ["subject", (r) => r.subject],
  ["ip", (r) => r.ip],
  ["details", (r) => (r.details ? JSON.stringify(r.details) : null)],
];

/**
 * The log of a filter as CSV, streamed 1,000 rows at a time (keyset) by the applications'
 * export's writer (app/utils/csv.server.ts). The export itself is recorded first.
 */
export async function exportAccessLog(
  db: Database,
  filter: Omit<AccessLogFilter, "before">,
  requester: { id: string; ip?: string | null },
  label: (action: string) => string = (action) => action,
): Promise<ReadableStream<Uint8Array>> {
  await recordAccess(db, "access-report.export", {
    actor: requester,
    subject: "access-log",
    details: {
      action: filter.action ?? null,
      actor: filter.actor ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
    },
  });
  return csvStream(
    columns(label),
    keysetRows((before, limit) => accessLogQuery(db, { ...filter, before }, limit)),
  );
}
