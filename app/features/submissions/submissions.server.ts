import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/db.server.ts";
import {
  affiliates,
  mailTemplates,
  outbox,
  submissions,
  submissionStatusHistory,
  user,
  type SubmissionSource,
} from "#app/db/schema.server.ts";
import { clientOf, prepareStatement, runStatement } from "#app/db/statement.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { notifyMailQueued } from "#app/mail/outbox.server.ts";
import {
  confirmationMail,
  findTemplateOverride,
  type TemplateText,
} from "#app/mail/templates.server.ts";
import { encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { countAttempt, type CountedRow } from "#app/utils/rate-limit.server.ts";
import { toAgencyLocal } from "#app/utils/agency-time.ts";
import {
  attributeApplication,
  attribution,
  mailboxOf,
  type Attribution,
} from "#app/features/affiliates/affiliates.server.ts";

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
 * mail (at most three a day to one mailbox: confirmationLimit), in one statement: either
 * everything is kept or nothing is. The referral code she arrived with is attributed to its
 * affiliate here (or flagged as the affiliate's own).
 * (The form's path, receiveApplication, looks the affiliate and the template up in the same
 * trip as its rate limit: beforeStoring.)
 */
export async function createSubmission(db: Database, input: NewSubmission) {
  const attributed = await attributeApplication(db, input.referralCode, applicantOf(input));
  const override = await findTemplateOverride(db, "confirmation", input.language);
  const [row] = await runStatement<{ id: string | number }>(
    clientOf(db),
    storeStatement(input, attributed, override),
  );
  notifyMailQueued();
  return Number(row!.id);
}

const applicantOf = (input: NewSubmission) => ({
  email: input.email,
  phones: [input.whatsapp, input.phone],
});

const value = <Name extends string>(name: Name) => sql.placeholder(name);
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
 * store's own statement: an application that is not stored does not count, and two sent at
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
 * The application, its first history entry and her confirmation mail (unless her mailbox had
 * its share today: confirmationLimit): one statement (each part feeds on the row the first one
 * returns), so one trip to the database and nothing half-stored. Returns the application's id.
 */
const storeApplication = prepareStatement<Record<string, unknown>>(
  "submission-store",
  sql`
    with stored as (
      insert into ${submissions} (${columns(
        submissions.source,
        submissions.language,
        submissions.fullName,
        submissions.email,
        submissions.emailNormalized,
        submissions.age,
        submissions.whatsapp,
        submissions.instagram,
        submissions.experience,
        submissions.message,
        submissions.dateOfBirth,
        submissions.phone,
        submissions.country,
        submissions.city,
        submissions.documentEncrypted,
        submissions.documentLastDigits,
        submissions.referralCode,
        submissions.affiliateId,
        submissions.selfReferralAffiliateId,
        submissions.consentVersion,
        submissions.consentedAt,
      )})
      values (${value("source")}, ${value("language")}, ${value("fullName")}, ${value("email")},
        ${value("emailNormalized")}, ${value("age")}, ${value("whatsapp")}, ${value("instagram")},
        ${value("experience")}, ${value("message")}, ${value("dateOfBirth")}, ${value("phone")},
        ${value("country")}, ${value("city")}, ${value("documentEncrypted")},
        ${value("documentLastDigits")}, ${value("referralCode")}, ${value("affiliateId")},
        ${value("selfReferralAffiliateId")}, ${value("consentVersion")}, now())
      returning ${submissions.id}, ${submissions.status}
    ), history as (
      insert into ${submissionStatusHistory} (${columns(
        submissionStatusHistory.submissionId,
        submissionStatusHistory.fromStatus,
        submissionStatusHistory.toStatus,
      )})
      select id, null, status from stored
    ), confirmations as (
      -- Counted with the application, committed or undone with it (confirmationLimit).
      ${countAttempt(value("confirmationKey"), confirmationLimit.windowSeconds)}
    ), mail as (
      insert into ${outbox} (${columns(
        outbox.kind,
        outbox.recipient,
        outbox.language,
        outbox.subject,
        outbox.html,
        outbox.text,
      )})
      select 'confirmation', ${value("email")}::text, ${value("language")}::text,
        ${value("subject")}::text, ${value("html")}::text, ${value("text")}::text
      from stored, confirmations where confirmations.count <= ${confirmationLimit.perDay}
    )
    select id from stored`,
);

/** storeApplication with her values, once her attribution and mail template are known. */
export function storeStatement(
  input: NewSubmission,
  attributed: Attribution,
  override: TemplateText | null,
) {
  const mail = confirmationMail(input.language, input.fullName, override);
  const document = input.document ? protectDocument(input.document) : undefined;
  return storeApplication.with({
    source: input.source,
    language: input.language,
    fullName: input.fullName,
    email: input.email,
    emailNormalized: input.email.toLowerCase(),
    age: input.age ?? null,
    whatsapp: input.whatsapp ?? null,
    instagram: input.instagram ?? null,
    experience: input.experience ?? null,
    message: input.message ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    phone: input.phone ?? null,
    country: input.country ?? null,
    city: input.city ?? null,
    documentEncrypted: document?.documentEncrypted ?? null,
    documentLastDigits: document?.documentLastDigits ?? null,
    referralCode: input.referralCode ?? null,
    affiliateId: attributed.affiliateId,
    selfReferralAffiliateId: attributed.selfReferralAffiliateId,
    consentVersion: `${input.consentVersion}/${input.language}`,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    confirmationKey: confirmationLimit.key(input.email),
  });
}

/** What beforeStoring finds: her address's count, her template, her code's affiliate. */
export interface BeforeStoring extends CountedRow {
  template_subject: string | null;
  template_body: string | null;
  affiliate_id: string | number | null;
  affiliate_email: string | null;
  affiliate_whatsapp: string | null;
}

/**
 * Everything the form's path needs before it stores, in one trip: it counts the attempt under
 * her address's limit (committed on its own, so a refused or failed attempt counts too, and the
 * counter's row is never locked while an application is stored), and reads her confirmation
 * mail's template in her language and the active affiliate of her referral code.
 */
const lookUpBeforeStoring = prepareStatement<{
  limitKey: string;
  windowSeconds: number;
  language: string;
  referralCode: string | null;
}>(
  "submission-before-store",
  sql`
    with counted as (${countAttempt(value("limitKey"), value("windowSeconds"))})
    select counted.count, counted.retry_after,
      template.subject as template_subject, template.body as template_body,
      affiliate.id as affiliate_id, affiliate.email as affiliate_email,
      affiliate.whatsapp as affiliate_whatsapp
    from counted
    left join (
      select ${mailTemplates.subject}, ${mailTemplates.body} from ${mailTemplates}
      where ${mailTemplates.template} = 'confirmation' and ${mailTemplates.language} = ${value("language")}
    ) template on true
    left join (
      select ${affiliates.id}, ${user.email}, ${user.whatsapp}
      from ${affiliates} inner join ${user} on ${user.id} = ${affiliates.userId}
      where ${affiliates.referralCode} = ${value("referralCode")} and ${affiliates.status} = 'active'
    ) affiliate on true`,
);

export function beforeStoring(input: NewSubmission, limit: { key: string; windowSeconds: number }) {
  return lookUpBeforeStoring.with({
    limitKey: limit.key,
    windowSeconds: limit.windowSeconds,
    language: input.language,
    referralCode: input.referralCode ?? null,
  });
}

/** storeStatement for what beforeStoring found. */
export function storeStatementAfter(input: NewSubmission, found: BeforeStoring) {
  const affiliate =
    found.affiliate_id === null
      ? null
      : {
          id: Number(found.affiliate_id),
          email: found.affiliate_email!,
          whatsapp: found.affiliate_whatsapp,
        };
  const override =
    found.template_subject === null
      ? null
      : { subject: found.template_subject, body: found.template_body! };
  return storeStatement(input, attribution(affiliate, applicantOf(input)), override);
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

/** Whose an application is (her normalised address) and whether it was erased; null if none. */
export async function applicationOwner(db: Pick<Database, "select">, id: number) {
  const [row] = await db
    .select({ email: submissions.emailNormalized, erasedAt: submissions.erasedAt })
    .from(submissions)
    .where(eq(submissions.id, id));
  return row ?? null;
}
