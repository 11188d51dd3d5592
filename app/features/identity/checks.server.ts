import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { IdentityDocumentType, IdentityImageSide } from "#app/db/career-states.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import {
  identityChecks,
  identityImages,
  onboardingSteps,
  submissionOnboardingSteps as herSteps,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import {
  herApprovedApplication,
  type ModelViewer,
} from "#app/features/welcome-call/booking.server.ts";
import type { PreparedPhoto } from "#app/features/submissions/photo-upload.server.ts";
import { decryptBytes, encryptBytes, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { sidesFor } from "./limits.ts";

/**
 * Her identity check (issue 30, product.md section 8, decision 054): what she sends from her
 * dashboard, kept encrypted with the data key, and what she is told of it. The reviewers' side
 * is review.server.ts; the photos' deletion retention.server.ts.
 */

/** What her page shows: never her photos, never who reviewed them. */
export interface HerIdentity {
  /** Her identity step: to do (she may send), done, skipped (not needed); null: she has none. */
  step: "todo" | "done" | "skipped" | null;
  latest: {
    state: "submitted" | "confirmed" | "retake";
    documentType: IdentityDocumentType;
    submittedAt: string;
    reviewedAt: string | null;
    /** Why new photos are needed, as the reviewer wrote it to her. */
    retakeReason: string | null;
  } | null;
}

/** The identity step of an application, or null when its onboarding has none. */
async function identityStepOf(db: Reader, submissionId: number) {
  const [step] = await db
    .select({ state: herSteps.state })
    .from(herSteps)
    .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
    .where(and(eq(herSteps.submissionId, submissionId), eq(onboardingSteps.key, "identity")));
  return step?.state ?? null;
}

/** Her approved application's identity step and latest check; null before her approval. */
export async function herIdentity(
  db: Reader,
  viewer: Pick<ModelViewer, "email" | "emailVerified">,
): Promise<HerIdentity | null> {
  const application = await herApprovedApplication(db, viewer);
  if (!application) return null;
  const [step, [latest]] = await Promise.all([
    identityStepOf(db, application.id),
    db
      .select({
        state: identityChecks.state,
        documentType: identityChecks.documentType,
        submittedAt: identityChecks.submittedAt,
        reviewedAt: identityChecks.reviewedAt,
        retakeReason: identityChecks.retakeReason,
      })
      .from(identityChecks)
      .where(eq(identityChecks.submissionId, application.id))
      .orderBy(desc(identityChecks.submittedAt), desc(identityChecks.id))
      .limit(1),
  ]);
  return {
    step,
    latest: latest
      ? {
          ...latest,
          submittedAt: latest.submittedAt.toISOString(),
          reviewedAt: latest.reviewedAt?.toISOString() ?? null,
          retakeReason: latest.state === "retake" ? latest.retakeReason : null,
        }
      : null,
  };
}

export type SubmitOutcome =
  /** Stored, waiting for a reviewer. */
  | "sent"
  /** No approved application of hers, or no identity step to do. */
  | "not-needed"
  /** A check of hers already waits for a reviewer. */
  | "waiting";

/**
 * Stores her check and its photos in one transaction: all of them, or nothing. Her approved
 * application is found from her verified address inside it and locked, so that two posts at once
 * (two tabs, a double tap) leave one check; the unique index of waiting checks backs that up.
 */
export async function submitIdentityCheck(
  db: Database,
  viewer: Pick<ModelViewer, "email" | "emailVerified">,
  documentType: IdentityDocumentType,
  photos: Partial<Record<IdentityImageSide, PreparedPhoto>>,
): Promise<SubmitOutcome | { submissionId: number; checkId: number }> {
  const sides = sidesFor(documentType);
  if (sides.some((side) => !photos[side])) throw new Error("a side of the document is missing");
  return db.transaction(async (tx) => {
    const application = await herApprovedApplication(tx, viewer);
    if (!application) return "not-needed";
    await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.id, application.id))
      .for("update");
    if ((await identityStepOf(tx, application.id)) !== "todo") return "not-needed";
    const [waiting] = await tx
      .select({ id: identityChecks.id })
      .from(identityChecks)
      .where(
        and(eq(identityChecks.submissionId, application.id), eq(identityChecks.state, "submitted")),
      );
    if (waiting) return "waiting";
    const [check] = await tx
      .insert(identityChecks)
      .values({ submissionId: application.id, documentType })
      .returning({ id: identityChecks.id });
    const { key } = getEncryptionKey();
    await tx.insert(identityImages).values(
      sides.map((side) => {
        const photo = photos[side]!;
        return {
          checkId: check!.id,
          side,
          width: photo.width,
          height: photo.height,
          bytes: encryptBytes(photo.large, key),
        };
      }),
    );
    return { submissionId: application.id, checkId: check!.id };
  });
}

/** A photo of a check, decrypted, when the check belongs to that application and still has it. */
export async function readIdentityImage(
  db: Reader,
  submissionId: number,
  checkId: number,
  side: IdentityImageSide,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: identityImages.bytes })
    .from(identityImages)
    .innerJoin(identityChecks, eq(identityChecks.id, identityImages.checkId))
    .where(
      and(
        eq(identityImages.checkId, checkId),
        eq(identityImages.side, side),
        eq(identityChecks.submissionId, submissionId),
      ),
    );
  return row ? decryptBytes(row.bytes, getEncryptionKey().key) : null;
}

/** Every check of an application, newest first, with the sides still kept: the staff's panel. */
export async function checksOf(db: Reader, submissionId: number) {
  const [checks, images] = await Promise.all([
    db
      .select({
        id: identityChecks.id,
        state: identityChecks.state,
        documentType: identityChecks.documentType,
        submittedAt: identityChecks.submittedAt,
        reviewedAt: identityChecks.reviewedAt,
        reviewer: user.name,
        confirmedType: identityChecks.confirmedType,
        lastDigitsMatch: identityChecks.lastDigitsMatch,
        bornOn: identityChecks.bornOn,
        retakeReason: identityChecks.retakeReason,
        imagesDeletedAt: identityChecks.imagesDeletedAt,
      })
      .from(identityChecks)
      .leftJoin(user, eq(user.id, identityChecks.reviewedBy))
      .where(eq(identityChecks.submissionId, submissionId))
      .orderBy(desc(identityChecks.submittedAt), desc(identityChecks.id)),
    db
      .select({
        checkId: identityImages.checkId,
        side: identityImages.side,
        width: identityImages.width,
        height: identityImages.height,
      })
      .from(identityImages)
      .innerJoin(identityChecks, eq(identityChecks.id, identityImages.checkId))
      .where(eq(identityChecks.submissionId, submissionId))
      .orderBy(asc(identityImages.checkId)),
  ]);
  const order = ["front", "back", "selfie"];
  return checks.map((check) => ({
    ...check,
    submittedAt: check.submittedAt.toISOString(),
    reviewedAt: check.reviewedAt?.toISOString() ?? null,
    imagesDeletedAt: check.imagesDeletedAt?.toISOString() ?? null,
    images: images
      .filter((image) => image.checkId === check.id)
      .sort((a, b) => order.indexOf(a.side) - order.indexOf(b.side))
      .map(({ side, width, height }) => ({ side, width, height })),
  }));
}

export type StaffCheck = Awaited<ReturnType<typeof checksOf>>[number];

/**
 * Her checks and, while kept, their photos as JPEG data URLs, for her data export (as her
 * application's photos are exported). The reviewer is not named: her export never names staff.
 */
export async function identityForExport(db: Reader, submissionIds: readonly number[]) {
  const byApplication = new Map<number, unknown[]>();
  if (!submissionIds.length) return byApplication;
  const checks = await db
    .select({
      id: identityChecks.id,
      submissionId: identityChecks.submissionId,
      documentType: identityChecks.documentType,
      state: identityChecks.state,
      submittedAt: identityChecks.submittedAt,
      reviewedAt: identityChecks.reviewedAt,
      confirmedType: identityChecks.confirmedType,
      lastDigitsMatch: identityChecks.lastDigitsMatch,
      bornOn: identityChecks.bornOn,
      retakeReason: identityChecks.retakeReason,
      imagesDeletedAt: identityChecks.imagesDeletedAt,
    })
    .from(identityChecks)
    .where(inArray(identityChecks.submissionId, [...submissionIds]))
    .orderBy(asc(identityChecks.submittedAt), asc(identityChecks.id));
  if (!checks.length) return byApplication;
  const images = await db
    .select({
      checkId: identityImages.checkId,
      side: identityImages.side,
      width: identityImages.width,
      height: identityImages.height,
      bytes: identityImages.bytes,
    })
    .from(identityImages)
    .where(
      inArray(
        identityImages.checkId,
        checks.map((check) => check.id),
      ),
    );
  const { key } = getEncryptionKey();
  for (const { id, submissionId, ...check } of checks) {
    const list = byApplication.get(submissionId) ?? [];
    list.push({
      ...check,
      photos: images
        .filter((image) => image.checkId === id)
        .map(({ side, width, height, bytes }) => ({
          side,
          width,
          height,
          dataUrl: `data:image/jpeg;base64,${decryptBytes(bytes, key).toString("base64")}`,
        })),
    });
    byApplication.set(submissionId, list);
  }
  return byApplication;
}

/**
 * Erasure of these applications: every photo goes. A check confirmed stays as the agency's
 * record that it saw she was an adult (type, that the digits matched, the date of birth shown,
 * who and when), which is what the spec keeps; a check waiting or sent back proves nothing and
 * goes whole, with the reviewer's words to her.
 */
export async function eraseIdentity(tx: Pick<Transaction, "delete" | "update">, ids: number[]) {
  if (!ids.length) return;
  await tx
    .delete(identityChecks)
    .where(and(inArray(identityChecks.submissionId, ids), sql`state <> 'confirmed'`));
  const confirmed = tx
    .update(identityChecks)
    .set({ imagesDeletedAt: sql`coalesce(${identityChecks.imagesDeletedAt}, now())` })
    .where(inArray(identityChecks.submissionId, ids))
    .returning({ id: identityChecks.id });
  const kept = (await confirmed).map((row) => row.id);
  if (kept.length) await tx.delete(identityImages).where(inArray(identityImages.checkId, kept));
}
