import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "#app/db/db.server.ts";
import {
  outbox,
  submissions,
  submissionStatusHistory,
  type SubmissionSource,
} from "#app/db/schema.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { mailPriority } from "#app/mail/kinds.ts";
import { confirmationMail, findTemplateOverride } from "#app/mail/templates.server.ts";
import { encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { countAttemptQuery } from "#app/utils/rate-limit.server.ts";
import { toAgencyLocal } from "#app/utils/agency-time.ts";
import { attributeApplication, mailboxOf } from "#app/features/affiliates/affiliates.server.ts";

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
  /** The keyed hash of the address she applied from (address-hash.server.ts), if known. */
  sourceAddressHash?: string | null;
  consentVersion: string;
}

/**
 * Stores an application as Pendente with its first history entry and queues her confirmation
 * mail (at most three a day to one mailbox: confirmationLimit), in the caller's transaction. The
 * referral code she arrived with is attributed to its affiliate here (or flagged as the
 * affiliate's own), and her confirmation uses the template the agency saved for her language,
 * if any. Returns the application's id.
 *
 * The four writes go as one statement (each part feeds on the row the first one returns; Drizzle
 * puts the parentheses around the typed inserts it composes): on
 * the embedded database every statement is parsed and planned anew, and four of them took twice
 * as long as one (measured side by side; docs/decisions/031). The application's row and her
 * counter are Drizzle's typed inserts, composed into the statement.
 */
export async function storeApplication(tx: Transaction, input: NewSubmission): Promise<number> {
  const attributed = await attributeApplication(tx, input.referralCode, {
    email: input.email,
    phones: [input.whatsapp, input.phone],
  });
  const override = await findTemplateOverride(tx, "confirmation", input.language);
  const mail = confirmationMail(input.language, input.fullName, override);
  const document = input.document ? protectDocument(input.document) : undefined;
  const application = tx
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
      documentEncrypted: document?.documentEncrypted,
      documentLastDigits: document?.documentLastDigits,
      referralCode: input.referralCode,
      sourceAddressHash: input.sourceAddressHash ?? null,
      ...attributed,
      consentVersion: `${input.consentVersion}/${input.language}`,
      consentedAt: sql`now()`,
    })
    .returning({ id: submissions.id, status: submissions.status });
  // Counted with the application, committed or undone with it (confirmationLimit).
  const confirmations = countAttemptQuery(
    tx,
    confirmationLimit.key(input.email),
    confirmationLimit.windowSeconds,
  );
  const result = await tx.execute(sql`
    with stored as ${application},
    history as (
      insert into ${submissionStatusHistory} (${columns(
        submissionStatusHistory.submissionId,
        submissionStatusHistory.fromStatus,
        submissionStatusHistory.toStatus,
      )})
      select id, null, status from stored
    ),
    confirmations as ${confirmations},
    mail as (
      insert into ${outbox} (${columns(
        outbox.kind,
        outbox.recipient,
        outbox.language,
        outbox.subject,
        outbox.html,
        outbox.text,
        outbox.priority,
      )})
      select ${"confirmation"}, ${input.email}, ${input.language}, ${mail.subject}, ${mail.html},
        ${mail.text}, ${mailPriority("confirmation")}
      from stored, confirmations where confirmations.count <= ${confirmationLimit.perDay}
    )
    select id from stored`);
  const [stored] = (result as unknown as { rows: { id: number | string }[] }).rows;
  return Number(stored!.id);
}

/** Columns named for an insert's list (bare names: Drizzle's own would name their table). */
const columns = (...list: AnyPgColumn[]) =>
  sql.join(
    list.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * Mail bombing through the form: it mails a confirmation to whatever address is typed, and
 * the per-client limit does not stop someone with many client addresses. So one mailbox
 * (compared as mailboxOf reads it: case, Gmail's dots, `+tags`) gets at most `perDay`
 * confirmations per day of the agency's clock (Brasília, midnight to midnight); later
 * applications are stored as usual, without a mail. The count lives in rate_limits under a key
 * naming the day and the mailbox, so it holds across app instances, and is taken in the
 * application's transaction: an application that is not stored does not count, and two sent at
 * once for one mailbox are counted one after the other (the counter's row is locked until the
 * store commits; other mailboxes never wait on it).
 */
export const confirmationLimit = {
  perDay: 3,
  // The key changes at midnight; the window only needs to outlast the day.
  windowSeconds: 24 * 60 * 60,
  key: (email: string, now = new Date()) =>
    `confirmations:${toAgencyLocal(now).slice(0, 10)}:${mailboxOf(email)}`,
};

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

/** Whose an application is (her normalised address) and whether it was erased; null if none. */
export async function applicationOwner(db: Pick<Database, "select">, id: number) {
  const [row] = await db
    .select({ email: submissions.emailNormalized, erasedAt: submissions.erasedAt })
    .from(submissions)
    .where(eq(submissions.id, id));
  return row ?? null;
}
