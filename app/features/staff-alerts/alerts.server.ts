import { inTurn } from "#app/db/in-turn.ts";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import {
  staffAlertPreferences,
  submissionNoteMentions,
  submissionNotes,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import type { StaffAlertMode } from "#app/db/staff-alert-modes.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import { inertText } from "#app/mail/inert-text.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { actionMail } from "#app/mail/templates.server.ts";
import { toAgencyLocal } from "#app/utils/agency-time.ts";
import { mailOrigin } from "#app/utils/origin.server.ts";
import { startPeriodicJob } from "#app/utils/periodic-job.server.ts";
import { managedSince } from "#app/features/managers/digest.server.ts";
import { DEFAULT_STAFF_ALERTS, readWaitingDays } from "./preferences.server.ts";

/**
 * The staff's mail about new applications (issue 17): one mail per application to whoever asked
 * for it at once, and one digest a day to whoever asked for that. Discreet by design: a mail
 * names the applicant by first name and initial only, with her country and source, and links to
 * the back office, where seeing more needs a session.
 */

/** Staff who receive alerts: reviewers with a confirmed address whose account is in use. */
const reviewerRoles = ["admin", "approver"] as const;

interface Recipient {
  id: string;
  role: string;
  email: string;
  language: Language;
  mode: StaffAlertMode;
  digestHour: number;
  digestSentOn: string | null;
}

async function recipients(db: Pick<Database, "select">): Promise<Recipient[]> {
  const rows = await db
    .select({
      id: user.id,
      role: user.role,
      email: user.email,
      language: user.language,
      mode: staffAlertPreferences.mode,
      digestHour: staffAlertPreferences.digestHour,
      digestSentOn: staffAlertPreferences.digestSentOn,
    })
    .from(user)
    .leftJoin(staffAlertPreferences, eq(staffAlertPreferences.userId, user.id))
    .where(
      and(
        inArray(user.role, reviewerRoles),
        eq(user.disabled, false),
        eq(user.emailVerified, true),
      ),
    )
    .orderBy(asc(user.id));
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    email: row.email,
    language: normalizeLanguage(row.language) ?? defaultLanguage,
    mode: row.mode ?? DEFAULT_STAFF_ALERTS.mode,
    digestHour: row.digestHour ?? DEFAULT_STAFF_ALERTS.digestHour,
    digestSentOn: row.digestSentOn,
  }));
}

/** What a mail may say of an applicant. */
interface Announced {
  id: number;
  fullName: string;
  country: string | null;
  source: string;
}

/**
 * "Maria S." of "Maria da Silva Santos": never her full name in a mailbox. Whoever filled in the
 * form typed it, so it is made inert: `evil.example` as a first name is no link in the staff's
 * mail (inert-text.ts).
 */
export function firstNameAndInitial(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "—";
  const first = words[0]!;
  const last = words.length > 1 ? words.at(-1)! : "";
  return inertText(last ? `${first} ${last.charAt(0).toLocaleUpperCase()}.` : first);
}

function countryOf(code: string | null, language: Language): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames(language, { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** One line about an application, in the reader's language. */
function describe(application: Announced, language: Language): string {
  const t = getFixedT(language);
  // Three facts side by side, the same mark in every language.
  return [
    firstNameAndInitial(application.fullName),
    countryOf(application.country, language) ?? t("mail.staff.noCountry"),
    t(`admin.source.${application.source}`),
  ].join(" · ");
}

const applicationUrl = (id: number) => `${mailOrigin()}/admin/cadastros/${id}`;
const settingsUrl = () => `${mailOrigin()}/account/notifications`;

function alertMail(application: Announced, language: Language) {
  const t = getFixedT(language);
  const line = describe(application, language);
  return actionMail(language, {
    subject: t("mail.staff.alert.subject"),
    preview: line,
    paragraphs: [t("mail.staff.alert.intro"), line],
    action: {
      label: t("mail.staff.alert.action"),
      url: applicationUrl(application.id),
      after: [t("mail.staff.signInNeeded"), t("mail.staff.alert.why", { url: settingsUrl() })],
    },
  });
}

/** Applications announced per transaction: a burst is announced in a few short ones. */
const ANNOUNCE_BATCH = 50;

/**
 * Claims the applications no one announced yet and queues, in the same transaction, one mail
 * per application to each reviewer who asked to hear at once. Rows locked by another instance
 * are skipped, so each application is announced exactly once. Returns how many it claimed.
 */
export async function announceNewApplications(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({
        id: submissions.id,
        fullName: submissions.fullName,
        country: submissions.country,
        source: submissions.source,
      })
      .from(submissions)
      .where(isNull(submissions.staffAlertedAt))
      .orderBy(asc(submissions.id))
      .limit(ANNOUNCE_BATCH)
      .for("update", { skipLocked: true });
    if (claimed.length === 0) return 0;
    await tx
      .update(submissions)
      .set({ staffAlertedAt: sql`now()` })
      .where(
        inArray(
          submissions.id,
          claimed.map((row) => row.id),
        ),
      );
    const instant = (await recipients(tx)).filter((r) => r.mode === "instant");
    for (const application of claimed) {
      for (const recipient of instant) {
        await queueMail(tx, {
          kind: "staff-alert",
          to: recipient.email,
          language: recipient.language,
          ...alertMail(application, recipient.language),
        });
      }
    }
    return claimed.length;
  });
}

/** At most this many applications are listed in a digest; the rest are counted. */
const DIGEST_LIST = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

async function digestContent(
  db: Pick<Database, "select">,
  since: Date,
  now: Date,
  waitingDays: number,
) {
  const window = and(gt(submissions.createdAt, since), lt(submissions.createdAt, now));
  // Read in the digest's transaction: in turn (db/in-turn.ts).
  const [listed, [fresh], [waiting]] = await inTurn([
    db
      .select({
        id: submissions.id,
        fullName: submissions.fullName,
        country: submissions.country,
        source: submissions.source,
      })
      .from(submissions)
      .where(and(window, isNull(submissions.erasedAt)))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(DIGEST_LIST),
    db.select({ total: count() }).from(submissions).where(window),
    db
      .select({ total: count() })
      .from(submissions)
      .where(
        and(
          eq(submissions.status, "Pendente"),
          lt(submissions.createdAt, new Date(now.getTime() - waitingDays * DAY_MS)),
        ),
      ),
  ]);
  return { listed, fresh: Number(fresh?.total ?? 0), waiting: Number(waiting?.total ?? 0) };
}

/**
 * The notes that mentioned her since her last digest (issue 28; a reviewer who hears at once had
 * them mailed when written: features/submissions/notes.server.ts): the applicant's first name
 * and initial and who wrote, never the note's text.
 */
async function mentionsOf(db: Pick<Database, "select">, userId: string, since: Date, now: Date) {
  const author = alias(user, "author");
  return db
    .select({ id: submissions.id, fullName: submissions.fullName, author: author.name })
    .from(submissionNoteMentions)
    .innerJoin(submissionNotes, eq(submissionNotes.id, submissionNoteMentions.noteId))
    .innerJoin(submissions, eq(submissions.id, submissionNotes.submissionId))
    .leftJoin(author, eq(author.id, submissionNotes.authorId))
    .where(
      and(
        eq(submissionNoteMentions.userId, userId),
        eq(submissionNoteMentions.current, true),
        gt(submissionNoteMentions.createdAt, since),
        lte(submissionNoteMentions.createdAt, now),
        sql`${submissionNotes.authorId} is distinct from ${userId}`,
      ),
    )
    .orderBy(asc(submissionNoteMentions.createdAt))
    .limit(DIGEST_LIST);
}

function digestMail(
  language: Language,
  content: Awaited<ReturnType<typeof digestContent>>,
  waitingDays: number,
  hour: number,
  mentions: Awaited<ReturnType<typeof mentionsOf>> = [],
  managed: Awaited<ReturnType<typeof managedSince>> = [],
) {
  const t = getFixedT(language);
  const lines = content.listed.map((application) => `• ${describe(application, language)}`);
  const more = content.fresh - content.listed.length;
  const paragraphs = [
    content.fresh > 0
      ? t("mail.staff.digest.fresh", { count: content.fresh })
      : t("mail.staff.digest.noneFresh"),
    ...(lines.length > 0 ? [lines.join("\n")] : []),
    ...(more > 0 ? [t("mail.staff.digest.more", { count: more })] : []),
    ...(content.waiting > 0
      ? [t("mail.staff.digest.waiting", { count: content.waiting, days: waitingDays })]
      : []),
    ...(mentions.length > 0
      ? [
          t("admin.notes.mail.digest", { count: mentions.length }),
          mentions
            .map(
              (mention) =>
                `• ${t("admin.notes.mail.digestLine", {
                  name: firstNameAndInitial(mention.fullName),
                  author: inertText(mention.author ?? "—"),
                })} ${applicationUrl(mention.id)}#notes`,
            )
            .join("\n"),
        ]
      : []),
    // The models she was made the talent manager of (issue 29).
    ...(managed.length > 0
      ? [
          t("manager.mail.staff.digest", { count: managed.length }),
          managed
            .map((one) => `• ${firstNameAndInitial(one.fullName)} ${applicationUrl(one.id)}`)
            .join("\n"),
        ]
      : []),
  ];
  return actionMail(language, {
    subject: t("mail.staff.digest.subject", { count: content.fresh }),
    preview: paragraphs[0]!,
    paragraphs,
    action: {
      label: t("mail.staff.digest.action"),
      url: `${mailOrigin()}/admin/pendentes`,
      after: [
        t("mail.staff.signInNeeded"),
        t("mail.staff.digest.why", {
          hour: `${String(hour).padStart(2, "0")}:00`,
          url: settingsUrl(),
        }),
      ],
    },
  });
}

/** The agency's day ("2026-11-27") and hour (0–23) at `now`. */
function agencyDayAndHour(now: Date) {
  const local = toAgencyLocal(now);
  return { day: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
}

const isDue = (r: Recipient, day: string, hour: number) =>
  r.mode === "digest" && hour >= r.digestHour && (r.digestSentOn === null || r.digestSentOn < day);

/**
 * Sends each reviewer her digest once her hour has come on the agency's clock, once a day: her
 * preferences' row is locked and its day set in the transaction that queues the mail, so of
 * several instances looking at once exactly one sends it. A digest with nothing new and nothing
 * waiting is not sent (the day is still counted). Returns the digests queued.
 */
export async function sendDueDigests(db: Database, now = new Date()): Promise<number> {
  const { day, hour } = agencyDayAndHour(now);
  const due = (await recipients(db)).filter((r) => isDue(r, day, hour));
  if (due.length === 0) return 0;
  const waitingDays = await readWaitingDays(db);
  let sent = 0;
  for (const recipient of due) {
    const queued = await db.transaction(async (tx) => {
      await tx
        .insert(staffAlertPreferences)
        .values({ userId: recipient.id })
        .onConflictDoNothing({ target: staffAlertPreferences.userId });
      const [row] = await tx
        .select({
          mode: staffAlertPreferences.mode,
          digestHour: staffAlertPreferences.digestHour,
          digestSentOn: staffAlertPreferences.digestSentOn,
          digestSentAt: staffAlertPreferences.digestSentAt,
        })
        .from(staffAlertPreferences)
        .where(eq(staffAlertPreferences.userId, recipient.id))
        .for("update");
      if (!row || !isDue({ ...recipient, ...row }, day, hour)) return false;
      await tx
        .update(staffAlertPreferences)
        .set({ digestSentOn: day, digestSentAt: now })
        .where(eq(staffAlertPreferences.userId, recipient.id));
      const since = row.digestSentAt ?? new Date(now.getTime() - DAY_MS);
      const content = await digestContent(tx, since, now, waitingDays);
      const mentions = await mentionsOf(tx, recipient.id, since, now);
      const managed = await managedSince(tx, { userId: recipient.id, since, now });
      if (!content.fresh && !content.waiting && !mentions.length && !managed.length) return false;
      await queueMail(tx, {
        kind: "staff-digest",
        to: recipient.email,
        language: recipient.language,
        ...digestMail(recipient.language, content, waitingDays, row.digestHour, mentions, managed),
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/**
 * Tells every admin at once that a staff account was stopped for revealing too many document
 * numbers (features/submissions/reveal.server.ts calls it on the first refusal of the hour),
 * whatever her choice for new applications: that choice is about applications, this is about
 * the applicants' data leaving through one account. Queued in the caller's transaction. The mail
 * does not name the account (a mailbox is not the place); the access report, behind a session,
 * does.
 */
export async function alertAdminsOfRevealLimit(
  db: Pick<Database, "select" | "insert">,
  { limit, until }: { limit: number; until: Date },
): Promise<number> {
  const admins = (await recipients(db)).filter((r) => r.role === "admin");
  const time = toAgencyLocal(until).slice(11, 16);
  const url = `${mailOrigin()}/admin/access-report?action=submission.reveal-refused`;
  for (const admin of admins) {
    const t = getFixedT(admin.language);
    const intro = t("mail.staff.revealLimit.intro", { limit, time });
    await queueMail(db, {
      kind: "staff-security",
      to: admin.email,
      language: admin.language,
      ...actionMail(admin.language, {
        subject: t("mail.staff.revealLimit.subject"),
        preview: intro,
        paragraphs: [intro],
        action: {
          label: t("mail.staff.revealLimit.action"),
          url,
          after: [t("mail.staff.signInNeeded"), t("mail.staff.revealLimit.why")],
        },
      }),
    });
  }
  return admins.length;
}

/**
 * Started with the server: every `everyMs` (5 s) it announces what arrived and sends the
 * digests that fell due. "At once" is within those seconds, whichever instance stored the
 * application, without the form's own statement waiting on anyone's mail.
 */
export function startStaffAlerts(getDb: () => Promise<Database>, everyMs = 5_000) {
  return startPeriodicJob(
    "staff-alerts",
    async (shouldStop) => {
      const db = await getDb();
      while (!shouldStop() && (await announceNewApplications(db)) === ANNOUNCE_BATCH);
      if (!shouldStop()) await sendDueDigests(db);
    },
    { everyMs, firstRunMs: everyMs },
  );
}
