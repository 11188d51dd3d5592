import type { AccessAction } from "./access-actions.ts";
import type { Database } from "./db.server.ts";
import type { Role } from "./roles.ts";
import { sql } from "drizzle-orm";
import { accessLog } from "./schema.server.ts";
import type { SubmissionSource, SubmissionStatus } from "./submission-statuses.ts";

/**
 * The access log's only writer (product.md section 5: who did what to whose data, when and from
 * where). Every action has its details' shape here, so a row reads the same whichever module
 * wrote it: the access report, its CSV and the model's dashboard read these keys back.
 */

/** The staff member who acted, and the address she acted from. */
export interface Actor {
  id: string;
  ip?: string | null;
}

type Change<T> = { from: T; to: T };

/** A commission rule as the log keeps it (app/features/affiliates/rules.ts). */
type CommissionRuleDetails = {
  milestone: string | null;
  fixedCents: number | null;
  shareBasisPoints: number | null;
  shareMonths: number | null;
};

/** The retired hand-kept ledger's rows (issue 31 dropped it; its log stays). */
type LedgerEntryDetails = {
  entry: number;
  kind: "earning" | "payout";
  amountCents: number;
  occurredOn: string;
};

/**
 * Each action's details (access_log.details); undefined where the row has none (null). The
 * values are what was written when the row was: a later change of, say, the statuses' names
 * leaves old rows as they were, so readers treat details as untyped.
 */
export interface AccessDetails {
  /**
   * `reason`: the rejection reason's label as it was then (older rows hold its `reasonId`);
   * `correction`: a reopen that told her the earlier decision no longer stands.
   */
  "submission.status": Change<SubmissionStatus> & {
    note?: string;
    reasonId?: number;
    reason?: string;
    correction?: boolean;
  };
  /** Its decider took a decision back within the minute its mail waited: she was never told. */
  "submission.undo": Change<SubmissionStatus> & { reason?: string };
  "submission.reveal-document": undefined;
  /** A reveal refused past the hourly limit (reveal.server.ts): nothing was shown. */
  "submission.reveal-refused": { limit: number; attempt: number };
  /** A staff member's first look at an application's photos (one row each; photos.server.ts). */
  "submission.photos-viewed": undefined;
  /** A reviewer wrote to her (the WhatsApp button, or her decision's mail sent again). */
  "submission.contact": {
    method: "whatsapp" | "email";
    /** The language of the message: hers. */
    language: string;
    /** The mail template sent. */
    template?: "approved" | "rejected";
    /** The contact template's purpose (issue 29), on either channel. */
    purpose?: string;
  };
  /** Who looks after it now (issue 28): the names, as they were then, and her id; null is nobody. */
  "submission.owner": Change<string | null> & { ownerId: string | null };
  /** Her talent manager (issue 29): the names the models see, as they were then, and her id. */
  "submission.manager": Change<string | null> & { managerId: string };
  /** Another application of the same address merged into this one (issue 28): it is gone. */
  "submission.merge": { merged: number; mergedCreatedAt: string; filled: string[] };
  /** Her welcome call, marked after it began (app/features/welcome-call/agenda.server.ts). */
  "submission.welcome-call": { outcome: "held" | "missed"; call: number };
  /**
   * One of her onboarding steps changed (issue 29): done, skipped (never the reason: it may
   * name her), reopened, given an owner (by id) or a due day; or a private note written on it.
   */
  "submission.onboarding": {
    step: number;
    change: "done" | "skipped" | "reopened" | "owner" | "due" | "note";
    ownerId?: string | null;
    dueOn?: string;
  };
  /**
   * Her contract (issue 30): offered (the template's version, the agency's share in basis
   * points, the start day), withdrawn before she signed, or countersigned.
   */
  "submission.contract":
    | {
        contract: number;
        change: "offered";
        version: number;
        shareBasisPoints: number;
        startsOn: string;
      }
    | { contract: number; change: "withdrawn" | "countersigned" };
  /** A staff member downloaded her contract's PDF. */
  "submission.contract-pdf": { contract: number };
  /** A photo of her identity check seen by staff (issue 30): every view, with the check and side. */
  "submission.identity-viewed": { check: number; side: "front" | "back" | "selfie" };
  /**
   * A reviewer's answer to her identity check: confirmed (with the type seen), or new photos
   * asked for (never the reason: it is written to her and may name her).
   */
  "submission.identity": {
    check: number;
    decision: "confirmed" | "retake";
    type?: "passport" | "id-card" | "driving-licence";
  };
  "submissions.export": {
    status: SubmissionStatus | "all";
    search: string | null;
    source?: SubmissionSource;
    language?: string;
    affiliateId?: number;
    /** The team filters, as the list's URL writes them (team-filter.ts). */
    owner?: string;
    tag?: string;
    rating?: string;
    referred?: string;
    waiting?: string;
  };
  "access-report.export": Record<"action" | "actor" | "from" | "to", string | null>;
  "analytics.export": { table: string; from: string; to: string };
  "user.role": Change<Role> & { affiliate?: "created" | "reactivated" | "suspended" };
  "user.disable": { sessionsEnded: number };
  "user.enable": { sessionsEnded?: never };
  "user.reset-link": { sessionsEnded?: never };
  "affiliate.status": Change<"active" | "suspended">;
  "affiliate.commission": Change<string | null>;
  "affiliate.ledger": LedgerEntryDetails & { note?: string };
  "affiliate.ledger.void": LedgerEntryDetails;
  /** She followed her mailed link: her payout details are now these (their hint only). */
  "affiliate.payout-details-changed": { method: "pix" | "bank"; hint: string };
  "affiliate.payout-batch":
    | { batch: number; change: "created"; payouts: number; totalCents: number }
    | {
        batch: number;
        change: "paid";
        reference: string;
        paidOn: string;
        payouts: number;
        totalCents: number;
      }
    | { batch: number; change: "cancelled"; entries: number };
  /** The bank's file of a batch, with each payout's details decrypted. */
  "affiliate.payout-export": { batch: number; payouts: number };
  /** The program's rule (`affiliate` absent) or one affiliate's override (null: none, the program's). */
  "affiliate.rule": Change<CommissionRuleDetails | null> & { affiliate?: number };
  "affiliate.entry": { entry: number; amountCents: number; occurredOn: string; reason: string };
  "affiliate.entry.void": { entry: number; amountCents: number; reason: string };
  "affiliate.entry.review": { entry: number; decision: "released" | "voided"; signals: string[] };
  /** Written by migration 0037 only: the free rate she had, for an admin to make an override. */
  "affiliate.rate-retired": { rate: string };
  "settings.affiliate-program": Change<{ holdDays: number; minimumPayoutCents: number }>;
  "settings.smtp": {
    host: string;
    port: number;
    security: string;
    user: string;
    /** Never the password: only whether it changed. */
    password: "changed" | "unchanged" | "removed" | "cleared";
    senderName: string;
    senderAddress: string;
    smtpUrl?: "environment";
  };
  "settings.test-mail": { to: string; ok: boolean; error?: string };
  "settings.reasons":
    | { change: "add" | "rename"; label: string }
    | { change: "activate" | "deactivate" }
    | { change: "move"; direction: "up" | "down" };
  /** The review's tags (issue 28): one made, renamed or recoloured, or deleted. */
  "settings.tags": { change: "create" | "update" | "delete"; name: string; colour?: string };
  "settings.retention": Change<number>;
  /** Days her identity photos are kept after a confirmation (issue 30). */
  "settings.identity-images": Change<number>;
  /** Days an application may wait for a decision before the staff are reminded of it. */
  "settings.waiting-days": Change<number>;
  /** The agency's onboarding steps (issue 29): one step added, edited, moved, archived or restored. */
  "settings.onboarding-steps": {
    step: number;
    change: "create" | "update" | "move" | "archive" | "restore";
  };
  /** A contract template saved as a draft, or published as a version (issue 30). */
  "settings.contract-template":
    { language: string; change: "save" } | { language: string; change: "publish"; version: number };
  /** The agency's legal name and CNPJ as the contracts name them. */
  "settings.contract-agency": { legalName: string; cnpj: string };
  "settings.template": { change: "save"; subject: string } | { change: "reset" };
  "outbox.retry": { kind: string };
  "privacy.export": { applications: number; account: boolean };
  "privacy.erase": {
    by: "subject" | "admin";
    applications: number;
    ids?: string;
    account: "deleted" | "kept" | "none";
  };
  "privacy.retention": { months: number; erased: number; stopped?: "shutdown" | "error" };
  /** An article's translation went live now, or is scheduled for `at` (ISO, UTC). */
  "content.publish": { language: string; slug: string; at: string; scheduled: boolean };
  "content.unpublish": { language: string; slug: string };
  "content.delete": { title: string };
  /** A change to the home page's FAQ, testimonials, team or hero image. */
  "content.home": {
    kind: "faq" | "testimonial" | "team" | "hero";
    language: string;
    change:
      | "add"
      | "edit"
      | "move"
      | "hide"
      | "show"
      | "delete"
      | "removePhoto"
      | "markCurrent"
      | "restore";
    /** A person's photo was stored, its consent ticked by the actor. */
    photo?: "stored with consent";
  };
  /** A part of the Site screen saved (the steps: in a language, or back to the default text). */
  "content.site":
    { part: "social" | "company" | "figures" } | { part: "texts"; language: string; reset?: true };
  /** Her month's statement published (features/statements/): its id, month and number of lines. */
  "statement.publish": { statement: number; month: string; lines: number };
  /** A correction line added to a published statement (never its reason: it may name her). */
  "statement.correct": { statement: number; month: string; line: number; grossCents: number };
  /** Her payout of a statement marked paid: the day and the amount paid. */
  "statement.paid": { statement: number; month: string; paidOn: string; paidCents: number };
}

export type AccessEntry<A extends AccessAction> = {
  /** Null for the system (the retention job, a person's own erasure request). */
  actor: Actor | null;
  /** What it was done to: "submission:42", "user:<id>", "settings:<key>", … */
  subject: string;
} & (AccessDetails[A] extends undefined ? { details?: never } : { details: AccessDetails[A] });

/**
 * Records an action in the access log, inside the caller's transaction when given one, so the
 * entry exists exactly when the change does.
 */
export async function recordAccess<A extends AccessAction>(
  db: Pick<Database, "insert">,
  action: A,
  entry: AccessEntry<A>,
) {
  await db.insert(accessLog).values({
    actorId: entry.actor?.id ?? null,
    action,
    subject: entry.subject,
    details: entry.details,
    ip: entry.actor?.ip ?? null,
  });
}

/**
 * A staff member's first look at an application's photos, written once: the unique index
 * access_log_photos_viewed_idx makes every later insert (another picture, another visit,
 * several requests at once, another instance) do nothing.
 */
export async function recordPhotosViewed(
  db: Pick<Database, "insert">,
  submissionId: number,
  actor: Actor,
) {
  await db
    .insert(accessLog)
    .values({
      actorId: actor.id,
      action: "submission.photos-viewed" satisfies AccessAction,
      subject: `submission:${submissionId}`,
      ip: actor.ip ?? null,
    })
    .onConflictDoNothing({
      target: [accessLog.actorId, accessLog.subject],
      where: sql`action = 'submission.photos-viewed'`,
    });
}
