import type { Database } from "../../db/db.server.ts";
import type { Transaction } from "../../db/deadline.server.ts";
import {
  submissions,
  submissionStatusHistory,
  type SubmissionSource,
} from "../../db/schema.server.ts";
import type { Language } from "../../i18n/languages.ts";
import { queueMail } from "../../mail/outbox.server.ts";
import { confirmationMail, findTemplateOverride } from "../../mail/templates.server.ts";
import { encrypt, getEncryptionKey } from "../../utils/encryption.server.ts";
import { attributeApplication } from "../affiliates/affiliates.server.ts";

export interface NewSubmission {
  source: SubmissionSource;
  language: Language;
  fullName: string;
  email: string;
  age?: number;
  whatsapp?: string;
  instagram?: string;
  experience?: string;
  message?: string;
  /** The chatbot's fields: date of birth (YYYY-MM-DD), phone (E.164), country (ISO code), city. */
  dateOfBirth?: string;
  phone?: string;
  country?: string;
  city?: string;
  /** The ID or passport number in clear; only its encrypted form and last digits are stored. */
  document?: string;
  referralCode?: string | null;
  consentVersion: string;
}

/**
 * Stores an application as Pendente with its first history entry and queues her confirmation
 * mail, all in one transaction: either everything is kept or nothing is. The referral code she
 * arrived with is attributed to its affiliate here (or flagged as the affiliate's own).
 */
export async function createSubmission(db: Database, input: NewSubmission) {
  return db.transaction((tx) => storeSubmission(tx, input));
}

/** The steps of createSubmission, inside a transaction the caller opened (and commits). */
export async function storeSubmission(tx: Transaction, input: NewSubmission) {
  const attribution = await attributeApplication(tx, input.referralCode, {
    email: input.email,
    phones: [input.whatsapp, input.phone],
  });
  const [row] = await tx
    .insert(submissions)
    .values({
      source: input.source,
      language: input.language,
      fullName: input.fullName,
      email: input.email,
      emailNormalized: input.email.toLowerCase(),
      age: input.age,
      whatsapp: input.whatsapp,
      instagram: input.instagram,
      experience: input.experience,
      message: input.message,
      dateOfBirth: input.dateOfBirth,
      phone: input.phone,
      country: input.country,
      city: input.city,
      ...(input.document ? protectDocument(input.document) : {}),
      referralCode: input.referralCode ?? null,
      ...attribution,
      consentVersion: `${input.consentVersion}/${input.language}`,
      consentedAt: new Date(),
    })
    .returning({ id: submissions.id, status: submissions.status });
  await tx
    .insert(submissionStatusHistory)
    .values({ submissionId: row!.id, fromStatus: null, toStatus: row!.status });
  await queueMail(tx, {
    kind: "confirmation",
    to: input.email,
    language: input.language,
    ...confirmationMail(
      input.language,
      input.fullName,
      await findTemplateOverride(tx, "confirmation", input.language),
    ),
  });
  return row!.id;
}

/**
 * The document as stored: encrypted, plus a few last digits in clear so lists can tell two
 * documents apart without revealing one (never more than half of it, at most four digits).
 */
export function protectDocument(document: string) {
  const shown = Math.min(4, Math.floor(document.length / 2));
  return {
    documentEncrypted: encrypt(document, getEncryptionKey().key),
    documentLastDigits: document.slice(-shown),
  };
}
