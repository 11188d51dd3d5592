import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import { inTurn } from "#app/db/in-turn.ts";
import { payoutDataForExport } from "#app/features/affiliate-payouts/details.server.ts";
import {
  accessLog,
  account,
  affiliateEntries,
  affiliates,
  authEvents,
  outbox,
  privacyRequests,
  rejectionReasons,
  session,
  submissions,
  submissionStatusHistory,
  user,
  onboardingSteps,
  submissionOnboardingSteps,
  welcomeCalls,
} from "#app/db/schema.server.ts";
import { effectiveRole } from "#app/auth/guards.server.ts";
import { decrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { photosForExport } from "#app/features/submissions/photos.server.ts";
import { contractsForExport } from "#app/features/contracts/privacy.server.ts";
import { statementsForExport } from "#app/features/statements/privacy.server.ts";
import { identityForExport } from "#app/features/identity/checks.server.ts";

/** The version of the file's layout, so a reader can tell later versions apart. */
export const EXPORT_FORMAT = "mare-talent-personal-data/1";

/** How the address is compared everywhere: as the forms store it (trimmed, lower-cased). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface ExportOptions {
  /**
   * Whether her document number is decrypted into the file. It is her own data, so the copy she
   * asks for herself (signed in, or through the link mailed to the address) carries it in full:
   * LGPD art. 18 and GDPR art. 15 give her a complete copy, and she proved she is the address's
   * owner. The copy an admin downloads to answer a request by other means carries only the last
   * digits: a staff member who needs the number reveals it on the application's page, where that
   * is logged on its own, and a file on a staff laptop is not where the number should travel.
   */
  includeDocument: boolean;
}

/**
 * Everything held about one person, found by her (normalized) e-mail address: her account, every
 * application with that address and its history, the e-mails sent to her, her privacy requests
 * and when staff opened her data. Never a password hash, a session token or another person's
 * row: every query matches the address exactly (or her account's id).
 *
 * Decided on the history: the notes reviewers wrote about her are her personal data (GDPR
 * art. 4(1), as the CJEU read it in Nowak, C-434/16), so they are in; who wrote them is the
 * staff member's data, not hers, so reviewers appear by role only (as in the access entries).
 */
export async function collectPersonalData(
  db: Reader,
  email: string,
  { includeDocument }: ExportOptions,
  /** Only these applications (an erased one keeps no address to find it by). */
  onlySubmissionIds?: number[],
) {
  const address = normalizeEmail(email);
  const [owner] = await db
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = ${address}`)
    .limit(1);
  const rows = await db
    .select()
    .from(submissions)
    .where(
      onlySubmissionIds
        ? inArray(submissions.id, onlySubmissionIds.length ? onlySubmissionIds : [0])
        : eq(submissions.emailNormalized, address),
    )
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  const ids = rows.map((row) => row.id);
  const subjects = ids.map((id) => `submission:${id}`);

  const [history, mails, requests, staffAccess, accounts, sessions, signIns, affiliateRows] =
    await inTurn([
      ids.length
        ? db
            .select({
              submissionId: submissionStatusHistory.submissionId,
              at: submissionStatusHistory.createdAt,
              from: submissionStatusHistory.fromStatus,
              to: submissionStatusHistory.toStatus,
              note: submissionStatusHistory.note,
              reason: rejectionReasons.label,
              changedBy: submissionStatusHistory.changedBy,
              byRole: user.role,
            })
            .from(submissionStatusHistory)
            .leftJoin(rejectionReasons, eq(rejectionReasons.id, submissionStatusHistory.reasonId))
            .leftJoin(user, eq(user.id, submissionStatusHistory.changedBy))
            .where(inArray(submissionStatusHistory.submissionId, ids))
            .orderBy(asc(submissionStatusHistory.createdAt), asc(submissionStatusHistory.id))
        : [],
      db
        .select({
          at: outbox.createdAt,
          kind: outbox.kind,
          subject: outbox.subject,
          status: outbox.status,
          sentAt: outbox.sentAt,
        })
        .from(outbox)
        .where(sql`lower(${outbox.recipient}) = ${address}`)
        .orderBy(asc(outbox.createdAt)),
      db
        .select({
          kind: privacyRequests.kind,
          createdAt: privacyRequests.createdAt,
          expiresAt: privacyRequests.expiresAt,
          completedAt: privacyRequests.completedAt,
        })
        .from(privacyRequests)
        .where(eq(privacyRequests.email, address))
        .orderBy(asc(privacyRequests.createdAt)),
      subjects.length
        ? db
            .select({
              at: accessLog.createdAt,
              action: accessLog.action,
              subject: accessLog.subject,
              byRole: user.role,
            })
            .from(accessLog)
            .leftJoin(user, eq(user.id, accessLog.actorId))
            .where(inArray(accessLog.subject, subjects))
            .orderBy(asc(accessLog.createdAt))
        : [],
      owner
        ? db
            .select({ provider: account.providerId, createdAt: account.createdAt })
            .from(account)
            .where(eq(account.userId, owner.id))
        : [],
      owner
        ? db
            .select({
              createdAt: session.createdAt,
              expiresAt: session.expiresAt,
              ip: session.ipAddress,
              userAgent: session.userAgent,
            })
            .from(session)
            .where(eq(session.userId, owner.id))
            .orderBy(desc(session.createdAt))
        : [],
      owner
        ? db
            .select({ at: authEvents.createdAt, kind: authEvents.kind, method: authEvents.method })
            .from(authEvents)
            .where(eq(authEvents.userId, owner.id))
            .orderBy(desc(authEvents.createdAt))
            .limit(500)
        : [],
      owner ? db.select().from(affiliates).where(eq(affiliates.userId, owner.id)) : [],
    ]);
  const affiliate = affiliateRows[0] ?? null;

  // Her commission entries (issue 31), voided ones too, with why.
  const entries = affiliate
    ? await db
        .select({
          origin: affiliateEntries.origin,
          milestone: affiliateEntries.milestone,
          amountCents: affiliateEntries.amountCents,
          occurredOn: affiliateEntries.occurredOn,
          reason: affiliateEntries.reason,
          payableAt: affiliateEntries.payableAt,
          voidedAt: affiliateEntries.voidedAt,
          voidReason: affiliateEntries.voidReason,
        })
        .from(affiliateEntries)
        .where(eq(affiliateEntries.affiliateId, affiliate.id))
        .orderBy(asc(affiliateEntries.occurredOn), asc(affiliateEntries.id))
    : [];

  // Her payout details as she gave them (her own data, decrypted) and her payouts (issue 31).
  const payouts = affiliate ? await payoutDataForExport(db, affiliate.id) : null;

  // Her photos as she sent them (re-encoded), each a data URL: the file stays one JSON that
  // any browser shows them from (decision 045).
  const photos = await photosForExport(db, ids);
  // Her contracts (issue 30): each text, its hash, her signature's record and the states.
  const contracts = await contractsForExport(db, ids);
  // Her published monthly statements (issue 30); drafts are the staff's work, not yet hers.
  const statements = await statementsForExport(db, ids);
  // Her identity checks (issue 30): what she sent and the answer, with her photos while they are
  // kept (as data URLs too); the reviewer is not named.
  const identity = await identityForExport(db, ids);

  // After approval (issue 29): where her onboarding stands and the welcome calls she booked.
  // The staff's own words on it (skip reasons, notes on a step) stay out, as their private
  // notes on her application do.
  const [steps, calls] = ids.length
    ? await inTurn([
        db
          .select({
            submissionId: submissionOnboardingSteps.submissionId,
            titles: onboardingSteps.titles,
            state: submissionOnboardingSteps.state,
            dueOn: submissionOnboardingSteps.dueOn,
            closedAt: submissionOnboardingSteps.closedAt,
          })
          .from(submissionOnboardingSteps)
          .innerJoin(onboardingSteps, eq(onboardingSteps.id, submissionOnboardingSteps.stepId))
          .where(inArray(submissionOnboardingSteps.submissionId, ids))
          .orderBy(asc(submissionOnboardingSteps.position)),
        db
          .select({
            submissionId: welcomeCalls.submissionId,
            bookedAt: welcomeCalls.createdAt,
            startsAt: welcomeCalls.startsAt,
            endsAt: welcomeCalls.endsAt,
            timeZone: welcomeCalls.timeZone,
            state: welcomeCalls.state,
          })
          .from(welcomeCalls)
          .where(inArray(welcomeCalls.submissionId, ids))
          .orderBy(asc(welcomeCalls.startsAt)),
      ])
    : [[], []];

  const key = includeDocument ? getEncryptionKey().key : null;
  const documentOf = (stored: string | null) => {
    if (!stored || !key) return null;
    try {
      return decrypt(stored, key);
    } catch {
      // Encrypted under another key than today's: the last digits still say which it was.
      return null;
    }
  };

  return {
    format: EXPORT_FORMAT,
    generatedAt: new Date().toISOString(),
    email: address,
    account: owner
      ? {
          name: owner.name,
          email: owner.email,
          emailVerified: owner.emailVerified,
          role: effectiveRole(owner),
          language: owner.language,
          whatsapp: owner.whatsapp,
          instagram: owner.instagram,
          createdAt: owner.createdAt,
          twoFactorEnabled: Boolean(owner.twoFactorEnabled),
          disabled: owner.disabled,
          signInMethods: accounts.map((a) => ({
            method: a.provider === "credential" ? "password" : a.provider,
            since: a.createdAt,
          })),
          sessions,
          signInEvents: signIns,
        }
      : null,
    affiliate: affiliate
      ? {
          referralCode: affiliate.referralCode,
          promotion: affiliate.promotion,
          status: affiliate.status,
          createdAt: affiliate.createdAt,
          entries,
          ...payouts,
        }
      : null,
    applications: rows.map((row) => ({
      id: row.id,
      receivedAt: row.createdAt,
      updatedAt: row.updatedAt,
      status: row.status,
      source: row.source,
      language: row.language,
      fullName: row.fullName,
      email: row.email,
      age: row.age,
      dateOfBirth: row.dateOfBirth,
      whatsapp: row.whatsapp,
      phone: row.phone,
      instagram: row.instagram,
      experience: row.experience,
      message: row.message,
      country: row.country,
      city: row.city,
      documentNumber: documentOf(row.documentEncrypted),
      documentLastDigits: row.documentLastDigits,
      referralCode: row.referralCode,
      consent: { version: row.consentVersion, at: row.consentedAt },
      erasedAt: row.erasedAt,
      history: history
        .filter((entry) => entry.submissionId === row.id)
        .map((entry) => ({
          at: entry.at,
          from: entry.from,
          to: entry.to,
          by: entry.changedBy ? staffRole(entry.byRole) : "applicant",
          reason: entry.reason,
          note: entry.note,
        })),
      photos: photos.get(row.id) ?? [],
      identityChecks: identity.get(row.id) ?? [],
      onboarding: steps
        .filter((step) => step.submissionId === row.id)
        .map(({ titles, state, dueOn, closedAt }) => ({
          step: titles[row.language] || titles.pt || Object.values(titles)[0] || "",
          state,
          dueOn,
          closedAt,
        })),
      welcomeCalls: calls
        .filter((call) => call.submissionId === row.id)
        .map(({ submissionId: _, ...call }) => call),
      contracts: contracts.get(row.id) ?? [],
      statements: statements.get(row.id) ?? [],
    })),
    emails: mails,
    privacyRequests: requests,
    staffAccess: staffAccess.map((entry) => ({
      at: entry.at,
      action: entry.action,
      application: Number(entry.subject.split(":")[1]),
      byRole: staffRole(entry.byRole),
    })),
  };
}

export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>;

/** A reviewer's role (never her name or id); "staff" when her account is gone. */
const staffRole = (role: string | null) => (role === "admin" ? "admin" : role ? role : "staff");

/** Whether anything is held about the address: an application not yet erased, or an account. */
export async function holdsDataFor(db: Reader, email: string): Promise<boolean> {
  const address = normalizeEmail(email);
  const [application, owner] = await Promise.all([
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.emailNormalized, address), isNull(submissions.erasedAt)))
      .limit(1),
    db
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${address}`)
      .limit(1),
  ]);
  return application.length > 0 || owner.length > 0;
}

/** The file: JSON, downloaded, never cached anywhere. */
export function personalDataResponse(data: PersonalData, name = "my-data") {
  const day = data.generatedAt.slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
