import { and, eq, sql } from "drizzle-orm";
import type { IdentityDocumentType, IdentityImageSide } from "#app/db/career-states.ts";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { identityChecks, submissions } from "#app/db/schema.server.ts";
import { completeStepByKey } from "#app/features/onboarding/steps.server.ts";
import { revealDocument } from "#app/features/submissions/reveal.server.ts";
import { checksOf } from "./checks.server.ts";
import { isAdultOn } from "./limits.ts";
import { tellRetake } from "./mails.server.ts";

/**
 * The reviewers' side of her identity check (decision 054): the panel on her application's page,
 * the review of one check (her photos, the application's last four digits, read as a reveal),
 * and the two answers: confirmed (what was checked, by whom, when; her onboarding's identity
 * step done in the same transaction) or new photos asked for with a reason mailed to her.
 */

/** The Identity panel of her application's page: her checks, or null before there is any use. */
export async function identityPanelFor(
  db: Reader,
  application: { id: number; status: string; erasedAt?: string | Date | null },
) {
  const checks = await checksOf(db, application.id);
  if (!checks.length && (application.status !== "Aprovado" || application.erasedAt)) return null;
  return { checks };
}

export type IdentityPanelData = NonNullable<Awaited<ReturnType<typeof identityPanelFor>>>;

/**
 * One check as its review page shows it, with what the reviewer compares it to: the date of
 * birth she gave, and the last four digits of the number she gave, decrypted through the
 * document's reveal (rate limited, in the access log and in her "who viewed my data") while the
 * check waits for an answer. Null when the check is not one of this application's.
 */
export async function identityReview(
  db: Database,
  submissionId: number,
  checkId: number,
  actor: Actor,
) {
  const [application] = await db
    .select({
      id: submissions.id,
      fullName: submissions.fullName,
      dateOfBirth: submissions.dateOfBirth,
      language: submissions.language,
      hasDocument: sql<boolean>`${submissions.documentEncrypted} is not null`,
    })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!application) return null;
  const check = (await checksOf(db, submissionId)).find((one) => one.id === checkId);
  if (!check) return null;
  let lastDigits: { digits: string } | { limited: true } | null = null;
  if (check.state === "submitted" && application.hasDocument) {
    const revealed = await revealDocument(db, submissionId, actor);
    if (revealed.outcome === "revealed") {
      lastDigits = { digits: revealed.document.replace(/[^0-9A-Za-z]/g, "").slice(-4) };
    } else if (revealed.outcome === "limited") lastDigits = { limited: true };
  }
  return { application, check, lastDigits };
}

export type DecisionOutcome =
  | { outcome: "confirmed" | "retake" }
  | { outcome: "not-found" }
  /** Decided meanwhile (another reviewer): its state now. */
  | { outcome: "conflict"; state: string }
  /** The date of birth on the document makes her under 18 today (Brasília). */
  | { outcome: "under-age" };

/** Brasília's calendar day on the database's clock, as the onboarding counts its days. */
export async function agencyToday(db: Reader): Promise<string> {
  const [row] = await db
    .select({ today: sql<string>`((now() at time zone 'America/Sao_Paulo')::date)::text` })
    .from(submissions)
    .limit(1);
  if (row) return row.today;
  return new Date().toISOString().slice(0, 10);
}

/**
 * The reviewer confirms what she saw: the document's type, that its number ends as the
 * application's does, the date of birth it shows (18 or over today). One transaction: the
 * check (still waiting, or a 409), the access log, her identity step done.
 */
export async function confirmIdentityCheck(
  db: Database,
  input: {
    submissionId: number;
    checkId: number;
    confirmedType: IdentityDocumentType;
    bornOn: string;
    actor: Actor;
  },
): Promise<DecisionOutcome> {
  if (!isAdultOn(input.bornOn, await agencyToday(db))) return { outcome: "under-age" };
  return db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [done] = await tx
      .update(identityChecks)
      .set({
        state: "confirmed",
        reviewedBy: input.actor.id,
        reviewedAt: sql`now()`,
        confirmedType: input.confirmedType,
        lastDigitsMatch: true,
        bornOn: input.bornOn,
      })
      .where(waiting(input.submissionId, input.checkId))
      .returning({ id: identityChecks.id });
    if (!done) return notWaiting(tx, input.submissionId, input.checkId);
    await recordAccess(tx, "submission.identity", {
      actor: input.actor,
      subject: `submission:${input.submissionId}`,
      details: { check: input.checkId, decision: "confirmed", type: input.confirmedType },
    });
    await completeStepByKey(tx, input.submissionId, "identity", input.actor.id);
    return { outcome: "confirmed" };
  });
}

/** New photos asked for, with the reason she reads (on her page, and in a mail in her language). */
export async function askForRetake(
  db: Database,
  input: { submissionId: number; checkId: number; reason: string; actor: Actor },
): Promise<DecisionOutcome> {
  return db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [done] = await tx
      .update(identityChecks)
      .set({
        state: "retake",
        reviewedBy: input.actor.id,
        reviewedAt: sql`now()`,
        retakeReason: input.reason,
      })
      .where(waiting(input.submissionId, input.checkId))
      .returning({ id: identityChecks.id });
    if (!done) return notWaiting(tx, input.submissionId, input.checkId);
    // Never the reason in the log: it is written to her and may name her.
    await recordAccess(tx, "submission.identity", {
      actor: input.actor,
      subject: `submission:${input.submissionId}`,
      details: { check: input.checkId, decision: "retake" },
    });
    const [her] = await tx
      .select({
        fullName: submissions.fullName,
        email: submissions.email,
        language: submissions.language,
      })
      .from(submissions)
      .where(eq(submissions.id, input.submissionId));
    if (her) await tellRetake(tx, her, input.reason);
    return { outcome: "retake" };
  });
}

/** The one row a decision may change: this application's check, still waiting. */
const waiting = (submissionId: number, checkId: number) =>
  and(
    eq(identityChecks.id, checkId),
    eq(identityChecks.submissionId, submissionId),
    eq(identityChecks.state, "submitted"),
  );

async function notWaiting(db: Reader, submissionId: number, checkId: number) {
  const [row] = await db
    .select({ state: identityChecks.state })
    .from(identityChecks)
    .where(and(eq(identityChecks.id, checkId), eq(identityChecks.submissionId, submissionId)));
  return row
    ? ({ outcome: "conflict", state: row.state } as const)
    : ({ outcome: "not-found" } as const);
}

/**
 * A photo of her check seen by a member of the staff: every view is in the access log (the
 * access report, her "who viewed my data"), with the check and the side.
 */
export async function recordIdentityView(
  db: Pick<Database, "insert">,
  submissionId: number,
  checkId: number,
  side: IdentityImageSide,
  actor: Actor,
) {
  await recordAccess(db, "submission.identity-viewed", {
    actor,
    subject: `submission:${submissionId}`,
    details: { check: checkId, side },
  });
}
