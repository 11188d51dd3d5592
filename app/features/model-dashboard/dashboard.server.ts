import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { AccessAction } from "#app/db/access-actions.ts";
import type { Database } from "#app/db/db.server.ts";
import { accessLog, submissions, submissionStatusHistory, user } from "#app/db/schema.server.ts";
import type { Role } from "#app/db/roles.ts";

/**
 * What a model sees of herself (product.md section 3): the applications sent with her verified
 * e-mail, each with its history, and who on the staff looked at her sensitive data. Every query
 * here is filtered by her own address or her own applications' ids: there is no id to guess.
 */

/** Staff actions on an application that she is told about, by the role that did them. */
export const dataViewActions = [
  "submission.reveal-document",
  "submission.photos-viewed",
  // A photo of her identity check seen by staff (issue 30).
  "submission.identity-viewed",
  "privacy.export",
  // A staff download of her contract's PDF (issue 30).
  "submission.contract-pdf",
] as const satisfies readonly AccessAction[];
export type DataViewAction = (typeof dataViewActions)[number];

const APPLICATIONS_SHOWN = 20;
const VIEWS_SHOWN = 100;

export interface ModelApplication {
  id: number;
  createdAt: string;
  status: (typeof submissions.$inferSelect)["status"];
  source: (typeof submissions.$inferSelect)["source"];
  fullName: string;
  email: string;
  age: number | null;
  dateOfBirth: string | null;
  whatsapp: string | null;
  phone: string | null;
  instagram: string | null;
  experience: string | null;
  message: string | null;
  country: string | null;
  city: string | null;
  /** Only the last digits: the full number is never sent to a browser. */
  documentLastDigits: string | null;
  hasDocument: boolean;
  /** Dates and statuses, and the note she was sent; never who on the staff decided. */
  history: { at: string; from: string | null; to: string; note: string | null }[];
}

/**
 * Her applications, newest first: only when her address is verified, since anyone may type any
 * address into the form. Erased ones are gone for her as for everyone.
 */
export async function applicationsOf(
  db: Database,
  account: { email: string; emailVerified: boolean },
): Promise<ModelApplication[]> {
  if (!account.emailVerified) return [];
  const rows = await db
    .select({
      id: submissions.id,
      createdAt: submissions.createdAt,
      status: submissions.status,
      source: submissions.source,
      fullName: submissions.fullName,
      email: submissions.email,
      age: submissions.age,
      dateOfBirth: submissions.dateOfBirth,
      whatsapp: submissions.whatsapp,
      phone: submissions.phone,
      instagram: submissions.instagram,
      experience: submissions.experience,
      message: submissions.message,
      country: submissions.country,
      city: submissions.city,
      documentLastDigits: submissions.documentLastDigits,
      documentEncrypted: submissions.documentEncrypted,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.emailNormalized, account.email.trim().toLowerCase()),
        isNull(submissions.erasedAt),
      ),
    )
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(APPLICATIONS_SHOWN);
  if (rows.length === 0) return [];
  const history = await db
    .select({
      submissionId: submissionStatusHistory.submissionId,
      at: submissionStatusHistory.createdAt,
      from: submissionStatusHistory.fromStatus,
      to: submissionStatusHistory.toStatus,
      note: submissionStatusHistory.note,
    })
    .from(submissionStatusHistory)
    .where(
      and(
        inArray(
          submissionStatusHistory.submissionId,
          rows.map((row) => row.id),
        ),
        // A decision its decider took back within the minute never reached her: it is not hers.
        isNull(submissionStatusHistory.undoneAt),
      ),
    )
    .orderBy(asc(submissionStatusHistory.createdAt), asc(submissionStatusHistory.id));
  return rows.map(({ documentEncrypted, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    hasDocument: documentEncrypted !== null,
    history: history
      .filter((entry) => entry.submissionId === row.id)
      .map(({ at, from, to, note }) => ({ at: at.toISOString(), from, to, note })),
  }));
}

export interface DataView {
  at: string;
  action: DataViewAction;
  /** The staff member's role, not her name: she is told that, and when. */
  role: Role | null;
  submissionId: number;
}

/** When staff revealed her document number or exported her data, newest first. */
export async function dataViewsOf(db: Database, submissionIds: number[]): Promise<DataView[]> {
  if (submissionIds.length === 0) return [];
  const rows = await db
    .select({
      at: accessLog.createdAt,
      action: accessLog.action,
      role: user.role,
      subject: accessLog.subject,
    })
    .from(accessLog)
    .leftJoin(user, eq(user.id, accessLog.actorId))
    .where(
      and(
        inArray(accessLog.action, [...dataViewActions]),
        inArray(
          accessLog.subject,
          submissionIds.map((id) => `submission:${id}`),
        ),
      ),
    )
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(VIEWS_SHOWN);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    action: row.action as DataViewAction,
    role: row.role,
    submissionId: Number(row.subject.slice("submission:".length)),
  }));
}

/** Her profile as she edits it. */
export async function profileOf(db: Database, userId: string) {
  const [row] = await db
    .select({
      name: user.name,
      email: user.email,
      whatsapp: user.whatsapp,
      instagram: user.instagram,
      language: user.language,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

export async function updateProfile(
  db: Database,
  userId: string,
  profile: { name: string; whatsapp: string | null; instagram: string | null; language: string },
) {
  await db.update(user).set(profile).where(eq(user.id, userId));
}
