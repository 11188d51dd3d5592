/**
 * Every action the access log records (access_log.action), as stored: recordAccess() in
 * access-log.server.ts accepts only these, and the access report labels and filters by them.
 * Plain data, so the report's page may import it too. A name, once written, stays as it is:
 * stored rows and their exports keep it.
 */
export const accessActions = [
  "submission.status",
  "submission.undo",
  "submission.reveal-document",
  "submission.reveal-refused",
  "submission.photos-viewed",
  "submission.contact",
  "submission.owner",
  "submission.merge",
  // Her talent manager assigned or changed (issue 29).
  "submission.manager",
  // A welcome call marked held or missed by her manager (issue 29).
  "submission.welcome-call",
  "submission.onboarding",
  // Her contract (issue 30): offered, withdrawn or countersigned by staff; its PDF downloaded by staff.
  "submission.contract",
  "submission.contract-pdf",
  // Her identity check (issue 30): a photo of it seen by staff; a reviewer's answer to it.
  "submission.identity-viewed",
  "submission.identity",
  "submissions.export",
  "access-report.export",
  "analytics.export",
  "user.role",
  "user.disable",
  "user.enable",
  "user.reset-link",
  "affiliate.status",
  "affiliate.commission",
  "affiliate.ledger",
  "affiliate.ledger.void",
  // Her payout details replaced by her mailed link; a payout batch made, paid or cancelled, and
  // its bank file (decrypted details) exported (issue 31).
  "affiliate.payout-details-changed",
  "affiliate.payout-batch",
  "affiliate.payout-export",
  // The affiliate program (issue 31): the rule or her override, an entry typed or voided by an
  // admin, a held entry reviewed; the old free rate, kept when the program replaced it.
  "affiliate.rule",
  "affiliate.entry",
  "affiliate.entry.void",
  "affiliate.entry.review",
  "affiliate.rate-retired",
  "settings.smtp",
  "settings.test-mail",
  "settings.reasons",
  "settings.tags",
  "settings.retention",
  "settings.template",
  "settings.waiting-days",
  "settings.onboarding-steps",
  // The contract templates and the agency's party to them (issue 30).
  "settings.contract-template",
  "settings.contract-agency",
  // Days her identity photos are kept after a confirmation (issue 30).
  "settings.identity-images",
  // The affiliate program's hold days and minimum payout (issue 31).
  "settings.affiliate-program",
  "outbox.retry",
  "privacy.export",
  "privacy.erase",
  "privacy.retention",
  "content.publish",
  "content.unpublish",
  "content.delete",
  "content.home",
  "content.site",
  // Her monthly statements (issue 30): published, corrected with a new line, payout marked paid.
  "statement.publish",
  "statement.correct",
  "statement.paid",
] as const;

export type AccessAction = (typeof accessActions)[number];

/** The part of an action before its first dot ("settings" of "settings.smtp"). */
export type AccessActionPrefix = AccessAction extends `${infer Prefix}.${string}` ? Prefix : never;

export function isAccessAction(value: string): value is AccessAction {
  return (accessActions as readonly string[]).includes(value);
}
