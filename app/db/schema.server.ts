import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  submissionSources,
  submissionStatuses,
  type SubmissionSource,
  type SubmissionStatus,
} from "./submission-statuses.ts";
import { roles, type Role } from "./roles.ts";
import { privacyRequestKinds, type PrivacyRequestKind } from "./privacy-request-kinds.ts";
import { homeItemKinds, type HomeItemKind } from "./home-item-kinds.ts";
import { staffAlertModes } from "./staff-alert-modes.ts";
import { tagColours } from "./tag-colours.ts";
import { foldSql } from "./search-folding.ts";
import {
  entryOrigins,
  payoutBatchStates,
  payoutMethods,
  referralMilestones,
  riskDecisions,
} from "./affiliate-program-states.ts";
import { onboardingActions, onboardingStates, welcomeCallStates } from "./onboarding-states.ts";
import {
  contractStates,
  identityCheckStates,
  identityDocumentTypes,
  identityImageSides,
  payoutStates,
  statementLineKinds,
  statementStates,
} from "./career-states.ts";
export { privacyRequestKinds, type PrivacyRequestKind };

/**
 * The one database schema (PostgreSQL dialect), for PGlite and PostgreSQL alike.
 * Change it here, then `npm run db:generate` writes the next SQL migration into drizzle/.
 */

export { submissionSources, submissionStatuses, type SubmissionSource, type SubmissionStatus };

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
    affiliateId: bigint("affiliate_id", { mode: "number" }).references(() => affiliates.id, {
      onDelete: "set null",
    }),
    /**
     * The affiliate whose own link she used, when her e-mail or phone is that affiliate's: such
     * an application is not attributed, and reviewers see this flag instead.
     */
    selfReferralAffiliateId: bigint("self_referral_affiliate_id", { mode: "number" }).references(
      () => affiliates.id,
      { onDelete: "set null" },
    ),
    /** Which version of the consent text (LGPD art. 11) she agreed to, and when. */
    consentVersion: text("consent_version").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    /**
     * When her personal data was erased (her request, or the retention period): every personal
     * field is then blank and the document gone; status, dates, source and language remain, so
     * the counts stay true.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * When the staff's instant alerts for it were queued (app/features/staff-alerts/): null until
     * one instance claims it, so each application is announced once however many instances run.
     */
    staffAlertedAt: timestamp("staff_alerted_at", { withTimezone: true }),
    /** The staff member who looks after it (issue 28), if any: an approver or an admin. */
    ownerId: text("owner_id").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    /**
     * The average of the reviewers' ratings (submission_ratings), null when none: kept by a
     * trigger on that table (migration rating_average_follows), so the list's "at least"
     * filter reads an index instead of averaging every rating.
     */
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2, mode: "number" }),
    /**
     * Her talent manager once she is approved (issue 29): an approver or an admin, who owns her
     * onboarding and whose availability her welcome call is booked from.
     */
    managerId: text("manager_id").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    /** When she closed the last of her onboarding steps: an "active" model (product.md s. 8). */
    activeSince: timestamp("active_since", { withTimezone: true }),
    /**
     * When she was first told yes or no (the first approval or rejection not undone): time to
     * first decision in the manager's analytics (issue 31) reads it instead of the history.
     */
    firstDecidedAt: timestamp("first_decided_at", { withTimezone: true }),
    /**
     * A keyed hash (HMAC-SHA-256 with the server's secret) of the network address she applied
     * from: compared with her affiliate's sign-in addresses to flag a possible self-referral,
     * without keeping the address itself. Null once she is erased.
     */
    sourceAddressHash: text("source_address_hash"),
    /**
     * What the review list's search looks through (app/features/submissions/search.server.ts):
     * her name, e-mail and Instagram folded (lower case, no accents), then the digits of her
     * phone and of her WhatsApp, one per line so no match spans two of them; nothing once she is
     * erased. Kept by PostgreSQL itself, so every insert, edit and erasure updates it (decision
     * record 049).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`case when "erased_at" is null then ${foldSql(sql`"full_name" || chr(10) || "email_normalized" || chr(10) || coalesce("instagram", '')`)} || chr(10) || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') || chr(10) || regexp_replace(coalesce("whatsapp", ''), '[^0-9]', '', 'g') else '' end`,
      ),
  },
  (table) => [
    check("submissions_status_check", inList("status", submissionStatuses)),
    // The applications not yet announced to the staff: a handful at most, found without a scan.
    index("submissions_not_alerted_idx")
      .on(table.id)
      .where(sql`staff_alerted_at is null`),
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
    // Search by any part of a name, e-mail, handle or phone number: trigrams (pg_trgm, migration
    // 0022) answer `like '%…%'` for three characters and more.
    index("submissions_search_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    // Search by the last digits of the document (the back office's list). Reversed, so that
    // "the document ends in 34" is a prefix search this index can answer.
    index("submissions_document_suffix_idx").on(
      sql`reverse(${table.documentLastDigits}) text_pattern_ops`,
    ),
    // An affiliate's referrals, newest first (her portal, admin/afiliados).
    index("submissions_affiliate_created_idx").on(
      table.affiliateId,
      table.createdAt.desc().nullsFirst(),
    ),
    // "Rated at least" and "Referred": only the rated (or referred) applications, in the list's
    // order, so a filter that matches few rows (the oldest, say) never walks the whole table.
    index("submissions_rated_created_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`rating_average is not null`),
    index("submissions_referred_created_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`affiliate_id is not null`),
    // "Mine": one staff member's applications, a page at a time in the list's order.
    // A talent manager's models.
    index("submissions_manager_idx")
      .on(table.managerId)
      .where(sql`manager_id is not null`),
    index("submissions_owner_created_idx").on(
      table.ownerId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The manager's cohort figures (time to first decision, approval rates by source, language
    // and affiliate, the funnel) and the analytics' breakdowns (by source, language, country and
    // affiliate): everything they read of an application is in this index, so a month of a busy
    // agency (160,000 applications in the benchmark) is read from the index alone, never from
    // the table's scattered pages (1 s before it, 0.1 s with it; the breakdowns 0.5 s before
    // country was added, 0.05 s after).
    index("submissions_cohort_idx").on(
      table.createdAt,
      table.status,
      table.source,
      table.language,
      table.affiliateId,
      table.firstDecidedAt,
      table.activeSince,
      table.id,
      table.country,
    ),
  ],
);

/**
 * How many applications are in each status, for the dashboard: counting a million rows took
 * 200 ms, reading three takes none. Kept exact by triggers on submissions (migration 0005), in
 * the same transaction as every insert, status change, delete or truncate.
 */
export const submissionStatusCounts = pgTable("submission_status_counts", {
  status: text("status").primaryKey(),
  count: bigint("count", { mode: "number" }).notNull().default(0),
});

/**
 * How many applications sent in each hour were first answered in each hour ('infinity': not
 * yet), for the manager's backlog and time to first decision: at a million applications, with
 * half of them waiting, grouping the rows themselves took 260 ms; these groups are a few
 * thousand. Kept exact by triggers on submissions (migration 0041), in the same transaction as
 * every insert, first answer, undone answer, delete or truncate, like the status counts.
 */
export const submissionWaitHours = pgTable(
  "submission_wait_hours",
  {
    appliedHour: timestamp("applied_hour", { withTimezone: true }).notNull(),
    answeredHour: timestamp("answered_hour", { withTimezone: true }).notNull(),
    applications: bigint("applications", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.appliedHour, table.answeredHour] }),
    // Who may have waited in a range: answered since its start, or not yet ('infinity').
    index("submission_wait_hours_answered_idx").on(table.answeredHour, table.appliedHour),
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
    /** The rejection reason picked (its mail template was sent); kept as a plain id. */
    reasonId: bigint("reason_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The outbox row of the decision's mail to her, held 60 s so the decider may undo it
     * (app/features/submissions/undo.server.ts). A plain id: the outbox row goes with an undo.
     */
    mailId: bigint("mail_id", { mode: "number" }),
    /** Set when the decider undid the decision in time: she was never told, and never is. */
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneBy: text("undone_by"),
  },
  (table) => [
    index("submission_history_submission_idx").on(table.submissionId, table.createdAt),
    // Decisions in a range of days (analytics: per reviewer, rejection reasons), without
    // reading the applicants' own rows or the undone ones.
    index("submission_history_decisions_idx")
      .on(table.createdAt)
      .where(sql`to_status in ('Aprovado', 'Reprovado') and undone_at is null`),
  ],
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
    /**
     * Higher goes first: 1 for a mail someone waits for on a screen (a verification or reset
     * link), 0 for the rest, so a burst of confirmations never holds up a sign-in. queueMail
     * sets it from the kind (mailPriority).
     */
    priority: smallint("priority").notNull().default(0),
    /**
     * A calendar invitation sent with it (a welcome call's, issue 29): the iCalendar text and
     * its method, given to nodemailer as `icalEvent` so mail clients offer to add or remove it.
     */
    calendar: jsonb("calendar").$type<{ method: "REQUEST" | "CANCEL"; content: string }>(),
  },
  (table) => [
    check("outbox_status_check", inList("status", mailStatuses)),
    // The sender's claim order: queued, most urgent first, then the longest due.
    index("outbox_claim_idx").on(table.status, table.priority.desc(), table.nextAttemptAt),
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

/*
 * Accounts (Better Auth's tables, in its own names and columns; app/auth/auth.server.ts).
 * Regenerate the shape after adding a Better Auth plugin with
 * `npx auth@latest generate --config <a config> --output <file>` and port the difference here.
 */

export { roles, type Role };

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    /** Chosen at sign-up (model or affiliate) or given by an admin; never by the client. */
    role: text("role", { enum: roles }).notNull().default("model"),
    /** The interface language she signed up in: her e-mails go out in it. */
    language: text("language"),
    /** A model's contact details, edited on her dashboard. */
    whatsapp: text("whatsapp"),
    instagram: text("instagram"),
    /** An admin may disable an account: it can no longer sign in. */
    disabled: boolean("disabled").notNull().default(false),
  },
  () => [check("user_role_check", inList("role", roles))],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [index("session_user_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** The password hash (scrypt, Better Auth's default), for e-mail + password accounts. */
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("account_user_idx").on(table.userId)],
);

/** Single-use tokens: e-mail verification, password reset, OAuth state. */
export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/** TOTP two-factor secrets and backup codes (Better Auth's twoFactor plugin). */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [
    index("two_factor_secret_idx").on(table.secret),
    index("two_factor_user_idx").on(table.userId),
  ],
);

export const affiliateStatuses = ["active", "suspended"] as const;

/**
 * Affiliates (product.md section 4): the account, its unique referral code, and how she said
 * she would promote the agency. Applications made through her link point here.
 */
export const affiliates = pgTable(
  "affiliates",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    referralCode: text("referral_code").notNull().unique(),
    promotion: text("promotion").notNull(),
    status: text("status", { enum: affiliateStatuses }).notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("affiliates_status_check", inList("status", affiliateStatuses))],
);

/**
 * Who did what to whose data, for the access report (product.md section 5): status changes,
 * document reveals, exports, role changes, settings edits. Written in the same transaction as
 * the change it records.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member (user id); null for the system. */
    actorId: text("actor_id"),
    /** What was done: one of app/db/access-actions.ts (submission.status, user.role, …). */
    action: text("action").notNull(),
    /** What it was done to, e.g. submission:42 or user:<id>. */
    subject: text("subject").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
  },
  (table) => [
    index("access_log_created_idx").on(table.createdAt.desc().nullsFirst()),
    index("access_log_subject_idx").on(table.subject, table.createdAt),
    // A staff member's first look at an application's photos is written once, however many
    // pictures and visits follow: the second insert finds this row and does nothing.
    uniqueIndex("access_log_photos_viewed_idx")
      .on(table.actorId, table.subject)
      .where(sql`action = 'submission.photos-viewed'`),
  ],
);

/*
 * The back office (issue 5).
 */

/**
 * Visits that arrived with an affiliate's ?ref= link, counted per affiliate and day on the server
 * (no cookie, no address kept): the clicks of her portal.
 */
export const referralClicks = pgTable(
  "referral_clicks",
  {
    affiliateId: bigint("affiliate_id", { mode: "number" })
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.affiliateId, table.day] })],
);

/**
 * Who was counted in referral_clicks today, so that a visitor counts once per affiliate and day
 * and one address at most a few times (app/features/affiliates/referral-clicks.server.ts). Only
 * keyed hashes of the day with the address, and with the address and browser: never an address.
 * Rows of past days are deleted.
 */
export const referralClickVisitors = pgTable(
  "referral_click_visitors",
  {
    affiliateId: bigint("affiliate_id", { mode: "number" })
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** HMAC of the day and the client's address (an IPv6 address as its /64). */
    address: text("address").notNull(),
    /** HMACs of the day, the address and the User-Agent of each visitor counted from it. */
    visitors: text("visitors").array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.affiliateId, table.day, table.address] }),
    index("referral_click_visitors_day_idx").on(table.day),
  ],
);

/**
 * A request to download or erase one's data, confirmed by a link mailed to the address: from a
 * signed-in model (erasure) or from anyone through the contact page (both). Only the token's hash
 * is stored; the request is done once, before it expires.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: privacyRequestKinds }).notNull(),
    /** Lower-cased: the applications and the account it covers. */
    email: text("email").notNull(),
    userId: text("user_id"),
    language: text("language").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    check("privacy_requests_kind_check", inList("kind", privacyRequestKinds)),
    index("privacy_requests_email_idx").on(table.email, table.createdAt),
  ],
);

/**
 * Settings an admin changes on screen (SMTP, sender, retention, …): one JSON value per key.
 * Secrets inside a value are stored encrypted (app/utils/encryption.server.ts).
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/**
 * An admin's wording of a mail in one language, replacing the built-in text of that template.
 * `template` is a mail kind (confirmation, approved, rejected, verification, reset) or
 * `rejected:<reason id>` for the mail of one rejection reason.
 */
export const mailTemplates = pgTable(
  "mail_templates",
  {
    template: text("template").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (table) => [primaryKey({ columns: [table.template, table.language] })],
);

/** The reasons a reviewer picks from when rejecting; each sends its own mail template. */
export const rejectionReasons = pgTable("rejection_reasons", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  /** What reviewers see in the list. */
  label: text("label").notNull(),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * First-party, cookie-free counting: how many times something happened per day, with one
 * dimension (a page group, a source, an affiliate's code, …). No visitor is identified.
 * Events: page_view, form_started, chatbot_started, referral_click.
 */
export const dailyCounts = pgTable(
  "daily_counts",
  {
    day: date("day").notNull(),
    event: text("event").notNull(),
    dimension: text("dimension").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.event, table.dimension] })],
);

export const authEventKinds = [
  "sign-in",
  "sign-in-failed",
  "rate-limited",
  "sign-up",
  "password-reset",
] as const;
export type AuthEventKind = (typeof authEventKinds)[number];

/** Sign-ins, failures and rate-limit hits, for the auth report and each user's last sign-in. */
export const authEvents = pgTable(
  "auth_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind", { enum: authEventKinds }).notNull(),
    /** password, google or two-factor. */
    method: text("method"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    check("auth_events_kind_check", inList("kind", authEventKinds)),
    index("auth_events_created_idx").on(table.createdAt),
    index("auth_events_user_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * Content the agency edits itself (docs/decisions/021-content-edited-by-the-agency.md): articles,
 * their six translations, revisions and old addresses; the home page's FAQ and testimonials;
 * uploaded images. A translation's state follows from `publishAt`: none is a draft, a future
 * time is scheduled, a past one is published.
 */
export const blogPosts = pgTable("blog_posts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  /** A deleted post answers 410 Gone at its addresses and leaves the sitemap and the feeds. */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  deletedBy: text("deleted_by").references(() => user.id, { onDelete: "set null" }),
});

/** What a translation says; the live copy in columns, an unpublished working copy as JSON. */
export interface BlogTranslationFields {
  slug: string;
  title: string;
  /**
   * The title search results and shared links show instead of `title`, when set. Empty in the
   * JSON kept before it existed (pending changes, revisions): read with `seoTitle ?? ""`.
   */
  seoTitle: string;
  category: string;
  excerpt: string;
  /** The search engines' description (meta description, Open Graph). */
  description: string;
  /** The body as structured blocks (app/features/blog/body.ts). */
  body: BodyDoc;
  coverImageId: number | null;
  coverAlt: string;
}

/** A body: the allowed subset of a ProseMirror document (see app/features/blog/body.ts). */
export interface BodyDoc {
  type: "doc";
  content: unknown[];
}

export const blogTranslations = pgTable(
  "blog_translations",
  {
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    seoTitle: text("seo_title").notNull().default(""),
    category: text("category").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    description: text("description").notNull().default(""),
    body: jsonb("body").$type<BodyDoc>().notNull(),
    coverImageId: bigint("cover_image_id", { mode: "number" }).references(() => images.id, {
      onDelete: "set null",
    }),
    coverAlt: text("cover_alt").notNull().default(""),
    readingMinutes: smallint("reading_minutes").notNull().default(1),
    /** Null: a draft. Future: scheduled. Past: published (stored UTC, shown in Brasília time). */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** When it first went live: the article's date, kept across later edits. */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * Autosaved changes to a scheduled or published translation, not yet live: the editor works
     * on these and publishing applies them. A draft is edited in place instead.
     */
    pending: jsonb("pending").$type<BlogTranslationFields>(),
    /** The hash of the private preview link's token, when one was made. */
    previewTokenHash: text("preview_token_hash"),
    /**
     * When that link was made: it stops working 14 days later (features/blog/editor.server.ts),
     * and sooner when the translation is published or a new link replaces it.
     */
    previewTokenCreatedAt: timestamp("preview_token_created_at", { withTimezone: true }),
    /**
     * The editor page that last wrote the working copy, and the number of its latest write: a
     * save from that page that arrives after a later one (a slow autosave overtaken by the next
     * save or by "Publish") is not applied (features/blog/edit-stamp.ts).
     */
    editSession: text("edit_session"),
    editSeq: integer("edit_seq"),
    /**
     * The language this translation was started from (null: started empty, or the article's
     * first language), and a hash of that source's content when this one was last published or
     * marked current: a source published since with other content makes it "out of date"
     * (docs/decisions/041-translations-follow-their-source.md).
     */
    sourceLanguage: text("source_language"),
    sourceHash: text("source_hash"),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.language] }),
    // A slug is unique within its language (the URL /blog/<slug> plus the visitor's language).
    uniqueIndex("blog_translations_language_slug_idx").on(table.language, table.slug),
    index("blog_translations_live_idx").on(table.language, table.publishAt),
    uniqueIndex("blog_translations_preview_idx").on(table.previewTokenHash),
  ],
);

/** An address a translation had before its slug changed: answered with a 301 to the new one. */
export const blogSlugRedirects = pgTable(
  "blog_slug_redirects",
  {
    language: text("language").notNull(),
    slug: text("slug").notNull(),
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.language, table.slug] })],
);

/** Each save of a live translation: what it said then, who saved it and when. */
export const blogRevisions = pgTable(
  "blog_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    savedBy: text("saved_by").references(() => user.id, { onDelete: "set null" }),
    fields: jsonb("fields").$type<BlogTranslationFields>().notNull(),
  },
  (table) => [index("blog_revisions_post_idx").on(table.postId, table.language, table.savedAt)],
);

/**
 * An uploaded image, re-encoded: its variants (format × width) are in image_variants, so every
 * instance serves the same bytes. `hash` names the content in its URLs, which never change.
 */
export const images = pgTable("images", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  hash: text("hash").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
});

/** Binary bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: bigint("image_id", { mode: "number" })
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["avif", "webp"] }).notNull(),
    width: integer("width").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.format, table.width] })],
);

export { homeItemKinds, type HomeItemKind };

/**
 * A person's photo (a testimonial's, a team member's) and the consent it was published with:
 * the staff member who ticked "the person shown agreed" and when. A photo is never stored
 * without them (app/features/content/photos.server.ts); removing the photo clears all three.
 */
const photoColumns = () => ({
  photoImageId: bigint("photo_image_id", { mode: "number" }).references(() => images.id, {
    onDelete: "set null",
  }),
  photoConsentBy: text("photo_consent_by").references(() => user.id, { onDelete: "set null" }),
  /** The name of who consented for the agency, kept when her account is gone. */
  photoConsentByName: text("photo_consent_by_name"),
  photoConsentAt: timestamp("photo_consent_at", { withTimezone: true }),
});

/**
 * The home page's FAQ and testimonials, an ordered list per language. A FAQ item: `title` the
 * question, `body` the answer. A testimonial: `body` the quote, `title` her name as she asked
 * to be shown, `subtitle` what she does.
 *
 * A translation points to its source, the Portuguese item (`source_id`, decision 040). Each
 * change of an item's words bumps its `text_version`; a translation keeps the source's
 * `text_version` it was last saved or marked current against (`source_version`): below the
 * source's, it is out of date.
 */
export const homeItems = pgTable(
  "home_items",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: homeItemKinds }).notNull(),
    language: text("language").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    body: text("body").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    sourceId: bigint("source_id", { mode: "number" }).references((): AnyPgColumn => homeItems.id, {
      onDelete: "set null",
    }),
    textVersion: integer("text_version").notNull().default(1),
    sourceVersion: integer("source_version"),
    ...photoColumns(),
  },
  (table) => [
    check("home_items_kind_check", inList("kind", homeItemKinds)),
    index("home_items_list_idx").on(table.kind, table.language, table.position),
    index("home_items_source_idx").on(table.sourceId),
  ],
);

/** What a FAQ item or testimonial said when it was saved (its words, not its photo). */
export interface HomeItemFields {
  title: string;
  subtitle: string;
  body: string;
}

/** Each save of a FAQ item or testimonial: its words then, who saved them and when. */
export const homeItemRevisions = pgTable(
  "home_item_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => homeItems.id, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    savedBy: text("saved_by").references(() => user.id, { onDelete: "set null" }),
    fields: jsonb("fields").$type<HomeItemFields>().notNull(),
  },
  (table) => [index("home_item_revisions_item_idx").on(table.itemId, table.savedAt)],
);

/** A role written in each of the site's languages (app/i18n/languages.ts). */
export type TextPerLanguage = Record<string, string>;

/**
 * The agency's team on the home page (shown only when someone is in it): one list for every
 * language, a name and a photo each, what she does written in the six languages.
 */
export const teamMembers = pgTable(
  "team_members",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    roles: jsonb("roles").$type<TextPerLanguage>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    ...photoColumns(),
  },
  (table) => [index("team_members_position_idx").on(table.position)],
);

/**
 * How an admin or approver hears about new applications (app/features/staff-alerts/). No row is
 * the default: a daily digest at 08:00 Brasília time. `digestSentOn` (the Brasília day) is the
 * claim that keeps it to one digest a day across instances; `digestSentAt` starts the next one.
 */
export const staffAlertPreferences = pgTable(
  "staff_alert_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: staffAlertModes }).notNull().default("digest"),
    /** The hour of the day, Brasília time, the digest leaves. */
    digestHour: smallint("digest_hour").notNull().default(8),
    digestSentOn: date("digest_sent_on"),
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check("staff_alert_mode_check", inList("mode", staffAlertModes)),
    check("staff_alert_hour_check", sql.raw("digest_hour between 0 and 23")),
  ],
);

/*
 * Working as a team on the review (issue 28): tags, ratings and saved views. Every table about an
 * application cascades from it, so deleting one leaves nothing behind, and a merge of duplicates
 * moves its rows with one UPDATE per table.
 */

/** The admin-managed tags a reviewer may put on applications. */
export const tags = pgTable(
  "tags",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    colour: text("colour", { enum: tagColours }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("tags_colour_check", inList("colour", tagColours)),
    // "VIP" and "vip" are one tag.
    uniqueIndex("tags_name_idx").on(sql`lower(${table.name})`),
  ],
);

/** Which application carries which tag, and who put it there. */
export const submissionTags = pgTable(
  "submission_tags",
  {
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    tagId: bigint("tag_id", { mode: "number" })
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.tagId] }),
    // The list's tag filter starts from the tag.
    index("submission_tags_tag_idx").on(table.tagId, table.submissionId),
  ],
);

/** Each reviewer's 1-5 rating of an application: one per reviewer, changeable, removable. */
export const submissionRatings = pgTable(
  "submission_ratings",
  {
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.userId] }),
    check("submission_ratings_stars_check", sql.raw("stars between 1 and 5")),
  ],
);

/** A staff member's own named filters of the review list; nobody else sees them. */
export const savedViews = pgTable(
  "saved_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The list and its query string, e.g. /admin/pendentes?owner=me&sort=oldest. */
    href: text("href").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("saved_views_user_name_idx").on(table.userId, sql`lower(${table.name})`)],
);

/**
 * The team's private notes on an application (issue 28; app/features/submissions/notes.server.ts).
 * Never mailed, never in her export, never shown to her: apart from the decision's note, which
 * is hers (submission_status_history.note).
 */
export const submissionNotes = pgTable(
  "submission_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** The staff member who wrote it; null once her account is deleted. */
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The onboarding step it is about (issue 29), or null for a note on the application. */
    onboardingStepId: bigint("onboarding_step_id", { mode: "number" }).references(
      (): AnyPgColumn => onboardingSteps.id,
      { onDelete: "set null" },
    ),
    /** When its author last changed it (within the edit window), shown as "edited". */
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (table) => [
    index("submission_notes_submission_idx").on(table.submissionId, table.createdAt),
    check("submission_notes_body_check", sql`length(${table.body}) between 1 and 4000`),
  ],
);

/**
 * Who a note mentions, by account. A row is also the record that she was alerted: an edit that
 * drops and restores a mention, or mentions her again, alerts no one twice (`current` says
 * whether the note's text still mentions her).
 */
export const submissionNoteMentions = pgTable(
  "submission_note_mentions",
  {
    noteId: bigint("note_id", { mode: "number" })
      .notNull()
      .references(() => submissionNotes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    current: boolean("current").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.noteId, table.userId] }),
    // Her digest: the mentions of her since the last one.
    index("submission_note_mentions_user_idx").on(table.userId, table.createdAt),
  ],
);

/*
 * The applicants' photos (issue 28, decision 045).
 */

/**
 * A photo an applicant sent with her application, re-encoded without metadata (JPEG) and kept
 * only encrypted (AES-256-GCM with the data key): the large picture and its thumbnail. Deleted
 * with the application's personal data (erasure, retention); `submission_id` is the only link,
 * so moving her photos to another application (a merge of duplicates) is one UPDATE.
 */
export const submissionPhotos = pgTable(
  "submission_photos",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** Its place among her photos, from 1, in the order she attached them. */
    position: smallint("position").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The large picture (at most 2000 px on its long side), encrypted. */
    large: bytea("large").notNull(),
    /** The thumbnail (at most 320 px), encrypted. */
    thumb: bytea("thumb").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("submission_photos_submission_idx").on(table.submissionId, table.position)],
);

/*
 * After approval (issue 29, product.md section 8): onboarding steps with owners, the talent
 * manager's profile and availability, and the welcome call she books.
 */

/**
 * The agency's onboarding steps, in order, each titled in the six languages (admin-managed).
 * An approved application gets one row per step that is not archived (submission_onboarding_steps);
 * archiving a step leaves the onboardings that have it as they are.
 */
export const onboardingSteps = pgTable(
  "onboarding_steps",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** A built-in step's key (onboarding-states.ts, builtInStepKeys); null for an admin's own. */
    key: text("key").unique(),
    position: integer("position").notNull(),
    titles: jsonb("titles").$type<TextPerLanguage>().notNull(),
    /** What she is told at this step, per language (empty: the built-in sentence, if any). */
    guidance: jsonb("guidance").$type<TextPerLanguage>().notNull().default({}),
    /** Due this many days after her approval. */
    dueDays: smallint("due_days").notNull().default(7),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("onboarding_steps_due_check", sql.raw("due_days between 0 and 365"))],
);

/** One approved application's onboarding: each step's owner, due day and state. */
export const submissionOnboardingSteps = pgTable(
  "submission_onboarding_steps",
  {
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    stepId: bigint("step_id", { mode: "number" })
      .notNull()
      .references(() => onboardingSteps.id, { onDelete: "cascade" }),
    /** The step's place when her onboarding began (a later reordering does not reshuffle hers). */
    position: integer("position").notNull(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** The Brasília day it is due. */
    dueOn: date("due_on").notNull(),
    state: text("state", { enum: onboardingStates }).notNull().default("todo"),
    /** Why it was skipped (required then). */
    skipReason: text("skip_reason"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: text("closed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.stepId] }),
    check("submission_onboarding_state_check", inList("state", onboardingStates)),
    // Required when skipping (the server checks it); blanked when her data is erased, since
    // the staff's words may name her.
    check(
      "submission_onboarding_skip_check",
      sql.raw("skip_reason is null or length(skip_reason) between 1 and 500"),
    ),
    // The onboarding view and the dashboard: open steps by due day, by owner.
    index("submission_onboarding_open_idx")
      .on(table.dueOn, table.submissionId)
      .where(sql`state = 'todo'`),
    index("submission_onboarding_owner_idx")
      .on(table.ownerId, table.dueOn)
      .where(sql`state = 'todo'`),
  ],
);

/** Each change of an onboarding step: who, when, what (done, skipped, reopened, owner, due). */
export const onboardingEvents = pgTable(
  "onboarding_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    stepId: bigint("step_id", { mode: "number" })
      .notNull()
      .references(() => onboardingSteps.id, { onDelete: "cascade" }),
    action: text("action", { enum: onboardingActions }).notNull(),
    /** The staff member; null when the product did it (a held call completes its step). */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The skip reason, the new owner's id or the new due day. */
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("onboarding_events_action_check", inList("action", onboardingActions)),
    index("onboarding_events_submission_idx").on(table.submissionId, table.createdAt),
  ],
);

/**
 * A staff member's profile as the models she manages see it, and her booking rules: weekly
 * hours in Brasília time (staff_availability), days off (staff_days_off), the call's length, the
 * pause she keeps between calls, how far ahead and how soon a call may be booked.
 */
export const staffProfiles = pgTable(
  "staff_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    /** Her work WhatsApp number, digits with the country code. */
    whatsapp: text("whatsapp"),
    /** The video-call link a welcome call's invitation carries (https only). */
    meetingUrl: text("meeting_url"),
    introduction: jsonb("introduction").$type<TextPerLanguage>().notNull().default({}),
    callMinutes: smallint("call_minutes").notNull().default(30),
    bufferMinutes: smallint("buffer_minutes").notNull().default(15),
    /** How many days ahead a call may be booked. */
    horizonDays: smallint("horizon_days").notNull().default(21),
    /** How many hours ahead at least (a call is not booked for the next five minutes). */
    noticeHours: smallint("notice_hours").notNull().default(4),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ...photoColumns(),
  },
  () => [
    check("staff_profiles_call_check", sql.raw("call_minutes between 10 and 180")),
    check("staff_profiles_buffer_check", sql.raw("buffer_minutes between 0 and 120")),
    check("staff_profiles_horizon_check", sql.raw("horizon_days between 1 and 120")),
    check("staff_profiles_notice_check", sql.raw("notice_hours between 0 and 168")),
  ],
);

/** A staff member's weekly hours for calls, in Brasília time: weekday 0 = Sunday. */
export const staffAvailability = pgTable(
  "staff_availability",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    /** Minutes after midnight, Brasília time. */
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.weekday, table.startMinute] }),
    check("staff_availability_weekday_check", sql.raw("weekday between 0 and 6")),
    check(
      "staff_availability_minutes_check",
      sql.raw("start_minute >= 0 and end_minute <= 1440 and end_minute > start_minute"),
    ),
  ],
);

/** A staff member's one-off days without calls (Brasília days). */
export const staffDaysOff = pgTable(
  "staff_days_off",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * A welcome call she booked with her manager. Never two calls of one manager overlap, and she
 * holds one booked call at most: both are constraints (migration welcome_calls_never_overlap,
 * an exclusion constraint through btree_gist), so two bookings at once on two instances cannot
 * both succeed.
 */
export const welcomeCalls = pgTable(
  "welcome_calls",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The invitation's UID: the same across reschedules, so calendars move the event. */
    uid: text("uid").notNull().unique(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    managerId: text("manager_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Her IANA time zone when she booked: her mails and invitation show the call in it. */
    timeZone: text("time_zone").notNull(),
    state: text("state", { enum: welcomeCallStates }).notNull().default("booked"),
    /** The invitation's SEQUENCE: each reschedule or cancellation sends a higher one. */
    sequence: integer("sequence").notNull().default(0),
    /** The queued reminders (outbox ids), withdrawn when the call moves or is cancelled. */
    reminderMailIds: jsonb("reminder_mail_ids").$type<number[]>().notNull().default([]),
    bookedBy: text("booked_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who marked it held or missed, or cancelled it, and when. */
    closedBy: text("closed_by").references(() => user.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    check("welcome_calls_state_check", inList("state", welcomeCallStates)),
    check("welcome_calls_range_check", sql.raw("ends_at > starts_at")),
    uniqueIndex("welcome_calls_one_booked_idx")
      .on(table.submissionId)
      .where(sql`state = 'booked'`),
    // A manager's agenda, a week at a time.
    index("welcome_calls_manager_idx").on(table.managerId, table.startsAt),
  ],
);

/*
 * Her career (issue 30, product.md section 8): the identity check, the contract she signs in her
 * dashboard, and the monthly statements of what she earned. All of it hangs on her approved
 * application, as her onboarding does.
 */

/**
 * One identity check she sent: the document type she named, then a reviewer's answer. The
 * confirmation (who, when, what was checked) stays after its photos are deleted, a configured
 * number of days later or with erasure (images_deleted_at).
 */
export const identityChecks = pgTable(
  "identity_checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** What she said she photographed. */
    documentType: text("document_type", { enum: identityDocumentTypes }).notNull(),
    state: text("state", { enum: identityCheckStates }).notNull().default("submitted"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** The reviewer who confirmed it or asked for new photos. */
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** What the reviewer saw on the document: its type, */
    confirmedType: text("confirmed_type", { enum: identityDocumentTypes }),
    /** that its number ends as the application's does, */
    lastDigitsMatch: boolean("last_digits_match"),
    /** and the date of birth it shows (18 or over on the day of the confirmation). */
    bornOn: date("born_on"),
    /** Why she is asked for new photos (mailed to her in her language). */
    retakeReason: text("retake_reason"),
    imagesDeletedAt: timestamp("images_deleted_at", { withTimezone: true }),
  },
  (table) => [
    check("identity_checks_state_check", inList("state", identityCheckStates)),
    check("identity_checks_type_check", inList("document_type", identityDocumentTypes)),
    check(
      "identity_checks_confirmed_check",
      sql.raw(
        "state <> 'confirmed' or (reviewed_at is not null and confirmed_type is not null and last_digits_match and born_on is not null)",
      ),
    ),
    check(
      "identity_checks_retake_check",
      sql.raw("state <> 'retake' or length(retake_reason) between 1 and 500"),
    ),
    index("identity_checks_submission_idx").on(table.submissionId, table.submittedAt),
    // At most one check waits for a reviewer per application.
    uniqueIndex("identity_checks_one_waiting_idx")
      .on(table.submissionId)
      .where(sql`state = 'submitted'`),
    // The deletion job: confirmed checks whose photos are still kept.
    index("identity_checks_purge_idx")
      .on(table.reviewedAt)
      .where(sql`state = 'confirmed' and images_deleted_at is null`),
  ],
);

/** A photo of an identity check, re-encoded without metadata and encrypted with the data key. */
export const identityImages = pgTable(
  "identity_images",
  {
    checkId: bigint("check_id", { mode: "number" })
      .notNull()
      .references(() => identityChecks.id, { onDelete: "cascade" }),
    side: text("side", { enum: identityImageSides }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.checkId, table.side] }),
    check("identity_images_side_check", inList("side", identityImageSides)),
  ],
);

/**
 * A contract template in one language, versioned: an admin edits the draft (published_at null;
 * one per language) and publishes it as the next version. A published version is never changed,
 * so a contract signed from it keeps its words (and carries its own copy of them anyway).
 */
export const contractTemplates = pgTable(
  "contract_templates",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    language: text("language").notNull(),
    /** 1, 2, 3, … per language once published; null for the draft. */
    version: integer("version"),
    title: text("title").notNull(),
    /** Headings (`## `), lists (`- `) and paragraphs, with {{variables}} (contract-text.ts). */
    body: text("body").notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("contract_templates_version_idx").on(table.language, table.version),
    uniqueIndex("contract_templates_draft_idx")
      .on(table.language)
      .where(sql`published_at is null`),
    check(
      "contract_templates_published_check",
      sql.raw("(version is null) = (published_at is null)"),
    ),
  ],
);

/**
 * Her contract: offered by staff from a published template with her terms (the agency's
 * percentage, the start day), its text filled in and fixed then; signed by her (the record of
 * product.md section 8), countersigned by an admin. The agency's percentage of her earnings is
 * read from here, never from a free field.
 */
export const modelContracts = pgTable(
  "model_contracts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    templateId: bigint("template_id", { mode: "number" })
      .notNull()
      .references(() => contractTemplates.id),
    state: text("state", { enum: contractStates }).notNull().default("offered"),
    /** The agency's share of her earnings, in hundredths of a percent (3333 = 33.33 %). */
    agencyShareBasisPoints: integer("agency_share_basis_points").notNull(),
    startsOn: date("starts_on").notNull(),
    language: text("language").notNull(),
    /** The exact text she is shown and signs, variables filled in, and its SHA-256 (hex). */
    text: text("text").notNull(),
    textSha256: text("text_sha256").notNull(),
    offeredBy: text("offered_by").references(() => user.id, { onDelete: "set null" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
    /** Her signature: the name she typed, when, from where, with what. */
    signedName: text("signed_name"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signedIp: text("signed_ip"),
    signedUserAgent: text("signed_user_agent"),
    /** How she confirmed it was her: her password or her second factor. */
    signedWith: text("signed_with"),
    countersignedName: text("countersigned_name"),
    countersignedBy: text("countersigned_by").references(() => user.id, { onDelete: "set null" }),
    countersignedAt: timestamp("countersigned_at", { withTimezone: true }),
    /** She withdrew her consent to future processing; the signed contract stays as it was. */
    consentWithdrawnAt: timestamp("consent_withdrawn_at", { withTimezone: true }),
  },
  (table) => [
    check("model_contracts_state_check", inList("state", contractStates)),
    check("model_contracts_share_check", sql.raw("agency_share_basis_points between 0 and 10000")),
    check(
      "model_contracts_signed_check",
      sql.raw(
        "state not in ('signed', 'countersigned') or (signed_at is not null and length(signed_name) > 0)",
      ),
    ),
    check(
      "model_contracts_countersigned_check",
      sql.raw("state <> 'countersigned' or countersigned_at is not null"),
    ),
    index("model_contracts_submission_idx").on(table.submissionId, table.offeredAt),
    // At most one contract is open (offered, not yet signed) per application.
    uniqueIndex("model_contracts_one_offered_idx")
      .on(table.submissionId)
      .where(sql`state = 'offered'`),
  ],
);

/**
 * Her statement for one month: staff prepare it (draft), then publish it to her. The agency's
 * share is frozen from her contract when the statement is made. Once published its lines are
 * never changed: a correction is a new line with a reason.
 */
export const statements = pgTable(
  "statements",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** The month, as its first day. */
    month: date("month").notNull(),
    contractId: bigint("contract_id", { mode: "number" })
      .notNull()
      .references(() => modelContracts.id),
    agencyShareBasisPoints: integer("agency_share_basis_points").notNull(),
    state: text("state", { enum: statementStates }).notNull().default("draft"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text("published_by").references(() => user.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    payoutState: text("payout_state", { enum: payoutStates }).notNull().default("pending"),
    /** What was paid to her (in cents), when, and the bank's reference. */
    paidCents: bigint("paid_cents", { mode: "number" }),
    paidOn: date("paid_on"),
    payoutReference: text("payout_reference"),
  },
  (table) => [
    check("statements_state_check", inList("state", statementStates)),
    check("statements_payout_check", inList("payout_state", payoutStates)),
    check("statements_month_check", sql.raw("extract(day from month) = 1")),
    check(
      "statements_published_check",
      sql.raw("(state = 'published') = (published_at is not null)"),
    ),
    check(
      "statements_paid_check",
      sql.raw(
        "payout_state <> 'paid' or (state = 'published' and paid_on is not null and paid_cents is not null and length(payout_reference) > 0)",
      ),
    ),
    uniqueIndex("statements_month_idx").on(table.submissionId, table.month),
    index("statements_month_all_idx").on(table.month),
  ],
);

/** A line of a statement: a platform's gross for the month, or a correction (with its reason). */
export const statementLines = pgTable(
  "statement_lines",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    statementId: bigint("statement_id", { mode: "number" })
      .notNull()
      .references(() => statements.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: statementLineKinds }).notNull().default("earning"),
    platform: text("platform").notNull(),
    /** In BRL cents; a correction may be negative. */
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    reason: text("reason"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("statement_lines_kind_check", inList("kind", statementLineKinds)),
    check(
      "statement_lines_reason_check",
      sql.raw("kind <> 'correction' or length(reason) between 1 and 500"),
    ),
    check("statement_lines_platform_check", sql.raw("length(platform) between 1 and 60")),
    check("statement_lines_earning_check", sql.raw("kind <> 'earning' or gross_cents >= 0")),
    index("statement_lines_statement_idx").on(table.statementId, table.createdAt),
  ],
);

/*
 * The affiliate program (issue 31; product.md section 4; decision record 057).
 */

/**
 * The program's rule (affiliate_id null, one row) or one affiliate's override of it: a fixed
 * amount when a referral reaches the named milestone, and/or a percentage of the agency's share
 * of her published statements for her first months. An override replaces the whole rule.
 */
export const commissionRules = pgTable(
  "commission_rules",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint("affiliate_id", { mode: "number" }).references(() => affiliates.id, {
      onDelete: "cascade",
    }),
    milestone: text("milestone", { enum: referralMilestones }),
    fixedCents: bigint("fixed_cents", { mode: "number" }),
    /** Of the agency's share of each statement, in hundredths of a percent (1000 = 10 %). */
    shareBasisPoints: integer("share_basis_points"),
    /** For how many statement months, counted from the first month of her contract. */
    shareMonths: integer("share_months"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check("commission_rules_milestone_check", inList("milestone", referralMilestones)),
    check(
      "commission_rules_fixed_check",
      sql.raw(
        "(milestone is null) = (fixed_cents is null) and (fixed_cents is null or fixed_cents > 0)",
      ),
    ),
    check(
      "commission_rules_share_check",
      sql.raw(
        "(share_basis_points is null) = (share_months is null) and (share_basis_points is null or (share_basis_points between 1 and 10000 and share_months between 1 and 120))",
      ),
    ),
    // One program rule, and at most one override per affiliate.
    uniqueIndex("commission_rules_affiliate_idx").on(sql`coalesce(affiliate_id, 0)`),
  ],
);

/**
 * Each milestone a referred woman reached, once: the entry of her affiliate and the mail to her
 * come from the insert that creates this row, so a retried event, or the same event seen by two
 * instances, pays and mails once. Undone (her application reopened), it keeps its row with the
 * time; reached again, the row is reached again.
 */
export const referralMilestoneEvents = pgTable(
  "referral_milestone_events",
  {
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    milestone: text("milestone", { enum: referralMilestones }).notNull(),
    affiliateId: bigint("affiliate_id", { mode: "number" })
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    reachedAt: timestamp("reached_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /**
     * The affiliate's mail about it: an approval's waits out the decision's undo window, and an
     * undone approval withdraws it unsent, as the applicant's own decision mail is.
     */
    mailId: bigint("mail_id", { mode: "number" }),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.milestone] }),
    check("referral_milestone_events_milestone_check", inList("milestone", referralMilestones)),
  ],
);

/**
 * An affiliate's commission entries: made by the events (a milestone, a published statement),
 * or by an admin (a correction, with its reason). Amounts in cents; a correction may be
 * negative. An entry is never edited: it is voided (with why), held for review, or paid in a
 * payout. Its state is derived (affiliate-program-states.ts, entryStates).
 */
export const affiliateEntries = pgTable(
  "affiliate_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint("affiliate_id", { mode: "number" })
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    origin: text("origin", { enum: entryOrigins }).notNull(),
    /** The referral it is about (milestone and statement entries). */
    submissionId: bigint("submission_id", { mode: "number" }).references(() => submissions.id, {
      onDelete: "set null",
    }),
    milestone: text("milestone", { enum: referralMilestones }),
    statementId: bigint("statement_id", { mode: "number" }).references(() => statements.id, {
      onDelete: "set null",
    }),
    /** 0 for the statement as published, then one more for each correction that changed it. */
    statementRevision: integer("statement_revision"),
    /**
     * A statement entry's percentage of the agency's share, as the rule had it when the statement
     * was published: its corrections keep it, and her portal states it.
     */
    shareBasisPoints: integer("share_basis_points"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** Typed by the admin for a manual entry (required), shown to her as it is. */
    reason: text("reason"),
    /** The day it was earned (manual and legacy entries may be earlier than their entry). */
    occurredOn: date("occurred_on").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the hold ends and it becomes payable. */
    payableAt: timestamp("payable_at", { withTimezone: true }).notNull(),
    /** What it shares with the affiliate, when it may be a self-referral: held until reviewed. */
    riskSignals: text("risk_signals").array(),
    riskDecision: text("risk_decision", { enum: riskDecisions }),
    riskReviewedBy: text("risk_reviewed_by").references(() => user.id, { onDelete: "set null" }),
    riskReviewedAt: timestamp("risk_reviewed_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** Null when the system voided it (its event was undone). */
    voidedBy: text("voided_by").references(() => user.id, { onDelete: "set null" }),
    /** Why: a reason code for the system's voids (reopened, …), or the admin's words. */
    voidReason: text("void_reason"),
    payoutId: bigint("payout_id", { mode: "number" }).references(
      (): AnyPgColumn => affiliatePayouts.id,
      { onDelete: "set null" },
    ),
  },
  (table) => [
    check("affiliate_entries_origin_check", inList("origin", entryOrigins)),
    check("affiliate_entries_milestone_check", inList("milestone", referralMilestones)),
    check("affiliate_entries_risk_check", inList("risk_decision", riskDecisions)),
    check("affiliate_entries_amount_check", sql.raw("amount_cents <> 0")),
    check(
      "affiliate_entries_manual_check",
      sql.raw("origin <> 'manual' or length(reason) between 1 and 500"),
    ),
    check(
      "affiliate_entries_milestone_origin_check",
      sql.raw("origin <> 'milestone' or (milestone is not null and submission_id is not null)"),
    ),
    check(
      "affiliate_entries_statement_origin_check",
      sql.raw("origin <> 'statement' or (statement_id is not null and statement_revision >= 0)"),
    ),
    index("affiliate_entries_affiliate_idx").on(table.affiliateId, table.createdAt, table.id),
    index("affiliate_entries_payout_idx")
      .on(table.payoutId)
      .where(sql`payout_id is not null`),
    // What a batch gathers: entries neither voided nor paid, per affiliate.
    index("affiliate_entries_unpaid_idx")
      .on(table.affiliateId, table.payableAt)
      .where(sql`payout_id is null and voided_at is null`),
    index("affiliate_entries_submission_idx")
      .on(table.submissionId)
      .where(sql`submission_id is not null`),
    // One live entry per milestone of a referral, and per revision of a statement: a retried
    // event inserts nothing.
    uniqueIndex("affiliate_entries_milestone_once_idx")
      .on(table.submissionId, table.milestone)
      .where(sql`origin = 'milestone' and voided_at is null`),
    uniqueIndex("affiliate_entries_statement_once_idx")
      .on(table.statementId, table.statementRevision)
      .where(sql`origin = 'statement' and voided_at is null`),
  ],
);

/**
 * Her payout details (a PIX key and its type, or a bank account), as JSON encrypted with the
 * data key; `hint` is what screens show without decrypting ("PIX · e-mail · a•••@g•••.com").
 */
export const affiliatePayoutDetails = pgTable("affiliate_payout_details", {
  affiliateId: bigint("affiliate_id", { mode: "number" })
    .primaryKey()
    .references(() => affiliates.id, { onDelete: "cascade" }),
  method: text("method", { enum: payoutMethods }).notNull(),
  detailsEncrypted: text("details_encrypted").notNull(),
  hint: text("hint").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A change of her payout details waiting for the link mailed to her (her password was checked
 * when she asked): only the SHA-256 of the link's token is kept. Confirmed, it replaces her
 * details; unconfirmed, it expires.
 */
export const affiliatePayoutDetailChanges = pgTable(
  "affiliate_payout_detail_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint("affiliate_id", { mode: "number" })
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    method: text("method", { enum: payoutMethods }).notNull(),
    detailsEncrypted: text("details_encrypted").notNull(),
    hint: text("hint").notNull(),
    tokenSha256: text("token_sha256").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** A newer request, or her own cancellation, ends this one. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    index("affiliate_payout_detail_changes_affiliate_idx").on(table.affiliateId, table.createdAt),
  ],
);

/**
 * A payout batch: every affiliate's payable entries at or over the minimum, gathered by an admin,
 * exported as CSV for the bank, then marked paid with the bank's reference (or cancelled, which
 * frees its entries).
 */
export const affiliatePayoutBatches = pgTable(
  "affiliate_payout_batches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    state: text("state", { enum: payoutBatchStates }).notNull().default("open"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidBy: text("paid_by").references(() => user.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    reference: text("reference"),
  },
  () => [
    check("affiliate_payout_batches_state_check", inList("state", payoutBatchStates)),
    check(
      "affiliate_payout_batches_paid_check",
      sql.raw("state <> 'paid' or (paid_at is not null and length(reference) between 1 and 200)"),
    ),
  ],
);

/** One affiliate's payout in a batch: the sum of its entries, to the details she had then. */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    batchId: bigint("batch_id", { mode: "number" })
      .notNull()
      .references(() => affiliatePayoutBatches.id, { onDelete: "cascade" }),
    affiliateId: bigint("affiliate_id", { mode: "number" })
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    method: text("method", { enum: payoutMethods }).notNull(),
    detailsEncrypted: text("details_encrypted").notNull(),
    hint: text("hint").notNull(),
  },
  (table) => [
    check("affiliate_payouts_amount_check", sql.raw("amount_cents > 0")),
    uniqueIndex("affiliate_payouts_batch_affiliate_idx").on(table.batchId, table.affiliateId),
    index("affiliate_payouts_affiliate_idx").on(table.affiliateId),
  ],
);
