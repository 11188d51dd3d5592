import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import {
  accessLog,
  outbox,
  privacyRequests,
  rateLimits,
  submissionRatings,
  submissions,
  submissionNotes,
  submissionOnboardingSteps,
  onboardingEvents,
  submissionStatusHistory,
  submissionTags,
  user,
  verification,
} from "#app/db/schema.server.ts";
import { effectiveRole } from "#app/auth/guards.server.ts";
import { maskEmail } from "#app/mail/smtp-admin.server.ts";
import { normalizeEmail } from "./data-export.server.ts";
import { deletePhotos } from "#app/features/submissions/photos.server.ts";
import { eraseWelcomeCalls } from "#app/features/welcome-call/erasure.server.ts";
import { eraseContracts } from "#app/features/contracts/privacy.server.ts";
import { eraseStatements } from "#app/features/statements/privacy.server.ts";
import { eraseIdentity } from "#app/features/identity/checks.server.ts";

/** What can run the statements of an erasure: the database or an open transaction. */
export type Writer = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/**
 * Blanks every personal field of these applications, drops the encrypted document, clears the
 * notes of their history and of their access-log entries, and stamps `erased_at`. Status, dates,
 * source, language, consent version and affiliate stay, so every count (by status, by source, by
 * affiliate, over time) stays true. An application already erased is left alone; the ids really
 * erased now are returned.
 */
export async function eraseApplications(tx: Writer, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const erased = await tx
    .update(submissions)
    .set({
      fullName: "",
      email: "",
      // `erased:<id>`: with no @, no address typed into a form (always checked to have one) can
      // ever equal it, and it is unique, so erased applications are never "duplicates" of each
      // other on the review screen.
      emailNormalized: sql`'erased:' || ${submissions.id}`,
      age: null,
      dateOfBirth: null,
      whatsapp: null,
      phone: null,
      instagram: null,
      experience: null,
      message: null,
      country: null,
      city: null,
      documentEncrypted: null,
      documentLastDigits: null,
      referralCode: null,
      sourceAddressHash: null,
      erasedAt: new Date(),
    })
    .where(and(inArray(submissions.id, ids), isNull(submissions.erasedAt)))
    .returning({ id: submissions.id });
  const erasedIds = erased.map((row) => row.id).sort((a, b) => a - b);
  if (!erasedIds.length) return [];
  // The reviewers' tags and ratings are judgements of her: they go too (the owner, staff, stays).
  await tx.delete(submissionTags).where(inArray(submissionTags.submissionId, erasedIds));
  await tx.delete(submissionRatings).where(inArray(submissionRatings.submissionId, erasedIds));
  // Her photos are her: nothing of them stays.
  await deletePhotos(tx, erasedIds);
  // A reviewer's note is written about her: it goes with the rest. Who decided, and when, stays.
  // The team's private notes on her (issue 28) go whole.
  await tx.delete(submissionNotes).where(inArray(submissionNotes.submissionId, erasedIds));
  // Her welcome calls, and the reminders that name her to her manager (issue 29).
  await eraseWelcomeCalls(tx, erasedIds);
  // Her contract offers go; a contract she signed stays whole, as the agreement's proof (why:
  // features/contracts/privacy.server.ts, decision 055).
  await eraseContracts(tx, erasedIds);
  // Her statements: the amounts stay, anonymous, as the agency's accounts (decision 056).
  await eraseStatements(tx, erasedIds);
  // Her identity photos go; a confirmed check's record stays (identity/checks.server.ts says why).
  await eraseIdentity(tx, erasedIds);
  // Her onboarding keeps its states and dates; the staff's words on it (why a step was skipped)
  // may name her, and go.
  await tx
    .update(submissionOnboardingSteps)
    .set({ skipReason: null })
    .where(inArray(submissionOnboardingSteps.submissionId, erasedIds));
  await tx
    .update(onboardingEvents)
    .set({ detail: null })
    .where(
      and(
        inArray(onboardingEvents.submissionId, erasedIds),
        eq(onboardingEvents.action, "skipped"),
      ),
    );
  await tx
    .update(submissionStatusHistory)
    .set({ note: null })
    .where(inArray(submissionStatusHistory.submissionId, erasedIds));
  await tx
    .update(accessLog)
    .set({ details: sql`${accessLog.details} - 'note'` })
    .where(
      and(
        inArray(
          accessLog.subject,
          erasedIds.map((id) => `submission:${id}`),
        ),
        sql`${accessLog.details} ? 'note'`,
      ),
    );
  return erasedIds;
}

/**
 * What else carries the address once nothing of hers is kept: the e-mails sent to her (subject
 * and body name her), the rate-limit counters keyed by it, searches for exactly her address or
 * name in the log of list exports, and her earlier privacy requests (kept for the record of what
 * was asked and done, with the address masked).
 */
export async function eraseAddressTraces(tx: Writer, address: string, names: string[] = []) {
  await tx.delete(outbox).where(sql`lower(${outbox.recipient}) = ${address}`);
  await tx
    .delete(rateLimits)
    .where(sql`right(${rateLimits.key}, ${address.length + 1}) = ${`:${address}`}`);
  const terms = [address, ...names.map((name) => name.trim().toLowerCase()).filter(Boolean)];
  await tx
    .update(accessLog)
    .set({ details: sql`jsonb_set(${accessLog.details}, '{search}', '"•••"')` })
    .where(
      and(
        eq(accessLog.action, "submissions.export"),
        sql`lower(${accessLog.details} ->> 'search') in (${sql.join(
          terms.map((term) => sql`${term}`),
          sql`, `,
        )})`,
      ),
    );
  await tx
    .update(privacyRequests)
    .set({ email: maskEmail(address) })
    .where(eq(privacyRequests.email, address));
}

export type AccountOutcome = "deleted" | "kept" | "none";

export interface ErasureResult {
  /** Applications whose personal data was erased now. */
  applications: number[];
  /**
   * Her account: deleted (a model's), kept (an affiliate's or a staff member's, which the agency
   * closes by hand: deleting one would take her earnings records or the back office with it),
   * or none.
   */
  account: AccountOutcome;
}

export interface ErasureRequest {
  email: string;
  /** Who asked: the person herself (by a confirmed link) or an admin (with her id). */
  by: { kind: "subject" } | { kind: "admin"; id: string; ip?: string | null };
  /**
   * Run inside the erasure's transaction before anything is erased (the confirmed link's
   * single use): returning false undoes everything and erases nothing.
   */
  claim?: (tx: Writer) => Promise<boolean>;
  /** What the access-log entry is about (the application an admin erased from), if not the first. */
  subject?: string;
}

/**
 * Erases one person: every application with her address and her model account (with its
 * sessions, sign-in methods, two-factor secrets and pending tokens, which the schema deletes with
 * it), all in one transaction; the access log records what was done without any personal data.
 * Null when `claim` refused (the link was used or expired meanwhile).
 */
export async function erasePerson(
  db: Database,
  request: ErasureRequest,
): Promise<ErasureResult | null> {
  const address = normalizeEmail(request.email);
  return db.transaction(async (tx) => {
    if (request.claim && !(await request.claim(tx))) return null;
    const found = await tx
      .select({ id: submissions.id, fullName: submissions.fullName })
      .from(submissions)
      .where(and(eq(submissions.emailNormalized, address), isNull(submissions.erasedAt)))
      .for("update");
    const [owner] = await tx
      .select()
      .from(user)
      .where(sql`lower(${user.email}) = ${address}`);
    const applications = await eraseApplications(
      tx,
      found.map((row) => row.id),
    );
    let account: AccountOutcome = "none";
    if (owner) {
      if (effectiveRole(owner) === "model") {
        // Better Auth's pending tokens (password reset, two-step sign-in) name her by her id.
        await tx.delete(verification).where(eq(verification.value, owner.id));
        // Sessions, accounts (password hash, Google link) and two-factor rows cascade.
        await tx.delete(user).where(eq(user.id, owner.id));
        account = "deleted";
      } else {
        account = "kept";
      }
    }
    if (account !== "kept") {
      await eraseAddressTraces(
        tx,
        address,
        [...found.map((row) => row.fullName), owner?.name ?? ""].filter(Boolean),
      );
    }
    await recordAccess(tx, "privacy.erase", {
      actor: request.by.kind === "admin" ? request.by : null,
      subject: request.subject
        ? request.subject
        : applications.length
          ? `submission:${applications[0]}`
          : owner
            ? `user:${owner.id}`
            : "privacy",
      details: {
        by: request.by.kind,
        applications: applications.length,
        ...(applications.length > 1 ? { ids: applications.join(", ") } : {}),
        account,
      },
    });
    return { applications, account };
  });
}
