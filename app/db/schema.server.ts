import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The one database schema (PostgreSQL dialect), for PGlite and PostgreSQL alike.
 * Change it here, then `npm run db:generate` writes the next SQL migration into drizzle/.
 */

export const submissionStatuses = ["Pendente", "Aprovado", "Reprovado"] as const;

/** Where an application came from (product.md section 3). */
export const submissionSources = ["form", "chatbot", "register"] as const;
export type SubmissionSource = (typeof submissionSources)[number];

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** Applications from every source: the pre-selection form, the chatbot and /register/model. */
export const submissions = pgTable(
  "submissions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: submissionStatuses }).notNull().default("Pendente"),
    source: text("source", { enum: submissionSources }).notNull(),
    /** The interface language she applied in; her e-mails go out in it. */
    language: text("language").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    /** Lower-cased e-mail: search, duplicates, and linking to her account. */
    emailNormalized: text("email_normalized").notNull(),
    /** The form asks her age; the chatbot asks her date of birth. */
    age: smallint("age"),
    dateOfBirth: date("date_of_birth"),
    whatsapp: text("whatsapp"),
    phone: text("phone"),
    instagram: text("instagram"),
    experience: text("experience"),
    message: text("message"),
    country: text("country"),
    city: text("city"),
    /** The ID or passport number, AES-256-GCM encrypted; only its last digits in clear. */
    documentEncrypted: text("document_encrypted"),
    documentLastDigits: text("document_last_digits"),
    /** The ?ref= code she arrived with, as recorded; the affiliate it resolved to, if any. */
    referralCode: text("referral_code"),
    affiliateId: bigint("affiliate_id", { mode: "number" }),
    /** Which version of the consent text (LGPD art. 11) she agreed to, and when. */
    consentVersion: text("consent_version").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("submissions_status_check", inList("status", submissionStatuses)),
    check("submissions_source_check", inList("source", submissionSources)),
    // The review lists: by status, newest first, with keyset pagination on (created_at, id).
    // NULLS FIRST is what a plain DESC means, so `order by created_at desc, id desc` uses them.
    index("submissions_status_created_idx").on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("submissions_created_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Search by e-mail or name prefix.
    index("submissions_email_prefix_idx").on(table.emailNormalized.op("text_pattern_ops")),
    index("submissions_name_prefix_idx").on(sql`lower(${table.fullName}) text_pattern_ops`),
  ],
);

/** Every status a submission has had: who changed it, when, from what, and why. */
export const submissionStatusHistory = pgTable(
  "submission_status_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: submissionStatuses }),
    toStatus: text("to_status", { enum: submissionStatuses }).notNull(),
    /** The staff member's user id; null for the applicant's own submission. */
    changedBy: text("changed_by"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("submission_history_submission_idx").on(table.submissionId, table.createdAt)],
);

export const mailStatuses = ["queued", "sent", "failed"] as const;

/**
 * Every e-mail the product sends, queued in the same transaction as the data it is about and
 * delivered by the sender (app/mail/sender.server.ts), which retries with back-off.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Which template: confirmation, approved, rejected, verification, reset. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: mailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender that claimed the message holds it until then (several app instances). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("outbox_status_check", inList("status", mailStatuses)),
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
  ],
);

/**
 * Counters of the rate limits (submissions per IP, sign-in attempts, …), in the database so the
 * limits hold across several app instances. One row per key and fixed window.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  count: integer("count").notNull().default(0),
});
