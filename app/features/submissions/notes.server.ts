import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import {
  submissionNoteMentions,
  submissionNotes,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { firstNameAndInitial } from "#app/features/staff-alerts/alerts.server.ts";
import { instantAlertRecipients } from "#app/features/staff-alerts/preferences.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { inertText } from "#app/mail/inert-text.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail } from "#app/mail/templates.server.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { mentionTargets, NOTE_EDIT_MINUTES, type Mentionable } from "./notes.ts";

/**
 * The team's private notes on an application (issue 28, product.md section 7): written by the
 * reviewers, read by the reviewers, and by no one else. Nothing here mails a note's text or
 * hands it to her export, her dashboard or the decision's mail; a note lives in its own table,
 * apart from the decision's note (submission_status_history.note), which is written to her.
 *
 * Its author may change or delete it for NOTE_EDIT_MINUTES after writing it, measured by the
 * database's clock against the note's `created_at`; after that it stands as written.
 */

const mentionableRoles = ["approver", "admin"] as const;

/** Who may be mentioned: reviewers whose account is in use (the ones who may open her page). */

export async function listMentionable(db: Reader): Promise<Mentionable[]> {
  return db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(and(inArray(user.role, mentionableRoles), eq(user.disabled, false)))
    .orderBy(asc(user.name), asc(user.id))
    .limit(500);
}

/** An application's notes, oldest first (a conversation), each with its author and mentions. */
export async function listNotes(db: Reader, submissionId: number) {
  const rows = await db
    .select({
      id: submissionNotes.id,
      body: submissionNotes.body,
      createdAt: submissionNotes.createdAt,
      editedAt: submissionNotes.editedAt,
      authorId: submissionNotes.authorId,
      author: user.name,
      // Whether its author may still change it, on the database's clock.
      editable: sql<boolean>`${submissionNotes.createdAt} > now() - make_interval(mins => ${NOTE_EDIT_MINUTES})`,
    })
    .from(submissionNotes)
    .leftJoin(user, eq(user.id, submissionNotes.authorId))
    // A note on an onboarding step is shown with its step (app/features/onboarding/).
    .where(
      and(eq(submissionNotes.submissionId, submissionId), isNull(submissionNotes.onboardingStepId)),
    )
    .orderBy(asc(submissionNotes.createdAt), asc(submissionNotes.id));
  const mentions = rows.length
    ? await db
        .select({
          noteId: submissionNoteMentions.noteId,
          id: user.id,
          name: user.name,
        })
        .from(submissionNoteMentions)
        .innerJoin(user, eq(user.id, submissionNoteMentions.userId))
        .where(
          and(
            inArray(
              submissionNoteMentions.noteId,
              rows.map((row) => row.id),
            ),
            eq(submissionNoteMentions.current, true),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    editable: Boolean(row.editable),
    mentions: mentions
      .filter((mention) => mention.noteId === row.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

export type NoteView = Awaited<ReturnType<typeof listNotes>>[number];

interface Author {
  id: string;
}

type Written =
  | { outcome: "added" | "edited"; noteId: number; alerted: number }
  | { outcome: "missing" | "forbidden" | "expired" };

/** Writes a note on an application, and alerts whom it newly mentions. */
export async function addNote(
  db: Database,
  input: {
    submissionId: number;
    author: Author;
    body: string;
    mentionIds?: readonly string[];
    /** A note on one of her onboarding steps (issue 29), shown with that step. */
    onboardingStepId?: number;
  },
): Promise<Written> {
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: submissions.id, fullName: submissions.fullName })
      .from(submissions)
      .where(eq(submissions.id, input.submissionId));
    if (!application) return { outcome: "missing" };
    const [note] = await tx
      .insert(submissionNotes)
      .values({
        submissionId: application.id,
        authorId: input.author.id,
        body: input.body,
        onboardingStepId: input.onboardingStepId ?? null,
      })
      .returning({ id: submissionNotes.id });
    const alerted = await recordMentions(tx, {
      noteId: note!.id,
      application,
      author: input.author,
      body: input.body,
      mentionIds: input.mentionIds ?? [],
    });
    return { outcome: "added", noteId: note!.id, alerted };
  });
}

/**
 * The note of this application that its author may still change: locked for the change. Anyone
 * else's note is "forbidden", her own after the window "expired".
 */
async function ownNote(tx: Transaction, noteId: number, submissionId: number, author: Author) {
  const [note] = await tx
    .select({
      id: submissionNotes.id,
      authorId: submissionNotes.authorId,
      open: sql<boolean>`${submissionNotes.createdAt} > now() - make_interval(mins => ${NOTE_EDIT_MINUTES})`,
    })
    .from(submissionNotes)
    .where(and(eq(submissionNotes.id, noteId), eq(submissionNotes.submissionId, submissionId)))
    .for("update");
  if (!note) return { outcome: "missing" as const };
  if (note.authorId !== author.id) return { outcome: "forbidden" as const };
  if (!note.open) return { outcome: "expired" as const };
  return { outcome: "own" as const };
}

/** Changes her own note within the window; only a mention she had not made before alerts. */
export async function editNote(
  db: Database,
  input: {
    noteId: number;
    submissionId: number;
    author: Author;
    body: string;
    mentionIds?: readonly string[];
  },
): Promise<Written> {
  return db.transaction(async (tx) => {
    const found = await ownNote(tx, input.noteId, input.submissionId, input.author);
    if (found.outcome !== "own") return found;
    await tx
      .update(submissionNotes)
      .set({ body: input.body, editedAt: sql`now()` })
      .where(eq(submissionNotes.id, input.noteId));
    const [application] = await tx
      .select({ id: submissions.id, fullName: submissions.fullName })
      .from(submissions)
      .where(eq(submissions.id, input.submissionId));
    const alerted = await recordMentions(tx, {
      noteId: input.noteId,
      application: application!,
      author: input.author,
      body: input.body,
      mentionIds: input.mentionIds ?? [],
    });
    return { outcome: "edited", noteId: input.noteId, alerted };
  });
}

/** Deletes her own note within the window. */
export async function deleteNote(
  db: Database,
  input: { noteId: number; submissionId: number; author: Author },
): Promise<{ outcome: "deleted" | "missing" | "forbidden" | "expired" }> {
  return db.transaction(async (tx) => {
    const found = await ownNote(tx, input.noteId, input.submissionId, input.author);
    if (found.outcome !== "own") return found;
    await tx.delete(submissionNotes).where(eq(submissionNotes.id, input.noteId));
    return { outcome: "deleted" };
  });
}

/**
 * Records whom the note's text mentions now, and alerts each one it mentions for the first time:
 * a mention made twice, kept through an edit, or dropped and made again alerts no one again.
 * Only reviewers in use can be mentioned (listMentionable): a name of anyone else is text.
 * Returns how many were alerted at once by mail.
 */
async function recordMentions(
  tx: Transaction,
  input: {
    noteId: number;
    application: { id: number; fullName: string };
    author: Author;
    body: string;
    mentionIds: readonly string[];
  },
): Promise<number> {
  const staff = await listMentionable(tx);
  const mentioned = mentionTargets(input.body, staff, input.mentionIds);
  const before = await tx
    .select({ userId: submissionNoteMentions.userId })
    .from(submissionNoteMentions)
    .where(eq(submissionNoteMentions.noteId, input.noteId));
  const known = new Set(before.map((row) => row.userId));
  const fresh = mentioned.filter((id) => !known.has(id));
  await tx
    .update(submissionNoteMentions)
    .set({ current: sql`${inArray(submissionNoteMentions.userId, mentioned)}` })
    .where(eq(submissionNoteMentions.noteId, input.noteId));
  if (fresh.length === 0) return 0;
  await tx
    .insert(submissionNoteMentions)
    .values(fresh.map((userId) => ({ noteId: input.noteId, userId })));
  // Her own name in her note tells no one anything.
  const alert = fresh.filter((id) => id !== input.author.id);
  return alert.length ? alertMentioned(tx, alert, input.application, input.author) : 0;
}

/**
 * Mails, inside the note's transaction, each mentioned reviewer who asked to hear at once (her
 * choice in /account/notifications); a digest reader finds the mention in her next digest
 * (staff-alerts/alerts.server.ts), and "off" means no mail. The mail is discreet like the
 * staff's other alerts: who mentioned her, the applicant's first name and initial, and a link
 * that needs a session. Never the note's text: a mailbox is not where the team's notes live.
 */
async function alertMentioned(
  tx: Transaction,
  ids: string[],
  application: { id: number; fullName: string },
  author: Author,
): Promise<number> {
  const [writer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, author.id));
  let sent = 0;
  for (const { email, language } of await instantAlertRecipients(tx, ids)) {
    const t = getFixedT(language);
    const line = t("admin.notes.mail.intro", {
      author: inertText(writer?.name ?? "—"),
      name: firstNameAndInitial(application.fullName),
    });
    await queueMail(tx, {
      kind: "staff-mention",
      to: email,
      language,
      ...actionMail(language, {
        subject: t("admin.notes.mail.subject"),
        preview: line,
        paragraphs: [line, t("admin.notes.mail.private")],
        action: {
          label: t("admin.notes.mail.action"),
          url: `${mailOrigin()}/admin/cadastros/${application.id}#notes`,
          after: [
            t("mail.staff.signInNeeded"),
            t("admin.notes.mail.why", { url: `${mailOrigin()}/account/notifications` }),
          ],
        },
      }),
    });
    sent++;
  }
  return sent;
}
