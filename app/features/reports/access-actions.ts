import {
  isAccessAction,
  type AccessAction,
  type AccessActionPrefix,
} from "#app/db/access-actions.ts";
import { storableText } from "#app/utils/text.ts";

/**
 * How the access report names the log's actions (app/db/access-actions.ts): the locale key of
 * each one's label under admin.accessReport.actions, for the report's table, filter and CSV. An
 * unknown action (none is written, but a row is shown whatever it holds) is shown as stored; one
 * of a known family (settings.*, user.*, …) by its family.
 */
const actionLabels = {
  "submission.status": "submissionStatus",
  "submission.undo": "undoDecision",
  "submission.reveal-document": "revealDocument",
  "submission.reveal-refused": "revealRefused",
  "submission.photos-viewed": "photosViewed",
  "submission.contact": "contactApplicant",
  "submission.owner": "assignOwner",
  "submission.merge": "mergeApplications",
  "submission.manager": "assignManager",
  "submission.welcome-call": "welcomeCall",
  "submission.onboarding": "onboardingStep",
  "submission.contract": "contract",
  "submission.contract-pdf": "contractPdf",
  "submission.identity-viewed": "identityViewed",
  "submission.identity": "identityDecision",
  "submissions.export": "exportSubmissions",
  "access-report.export": "exportAccessReport",
  "analytics.export": "exportAnalytics",
  "user.role": "userRole",
  "user.disable": "userDisable",
  "user.enable": "userEnable",
  "user.reset-link": "userResetLink",
  "affiliate.status": "affiliateStatus",
  "affiliate.commission": "affiliateCommission",
  "affiliate.ledger": "affiliateLedger",
  "affiliate.ledger.void": "affiliateLedgerVoid",
  "affiliate.payout-details-changed": "affiliatePayoutDetails",
  "affiliate.payout-batch": "affiliatePayoutBatch",
  "affiliate.payout-export": "affiliatePayoutExport",
  "affiliate.rule": "affiliateRule",
  "affiliate.entry": "affiliateEntry",
  "affiliate.entry.void": "affiliateEntryVoid",
  "affiliate.entry.review": "affiliateEntryReview",
  "affiliate.rate-retired": "affiliateRateRetired",
  "settings.smtp": "settingsSmtp",
  "settings.test-mail": "settingsTestMail",
  "settings.reasons": "settingsReasons",
  "settings.tags": "settingsTags",
  "settings.retention": "settingsRetention",
  "settings.template": "settingsTemplate",
  "settings.waiting-days": "settingsWaitingDays",
  "settings.onboarding-steps": "settingsOnboardingSteps",
  "settings.contract-template": "settingsContractTemplate",
  "settings.contract-agency": "settingsContractAgency",
  "settings.identity-images": "settingsIdentityImages",
  "settings.affiliate-program": "settingsAffiliateProgram",
  "outbox.retry": "outboxRetry",
  "privacy.export": "privacyExport",
  "privacy.erase": "privacyErase",
  "privacy.retention": "privacyRetention",
  "content.publish": "contentPublish",
  "content.unpublish": "contentUnpublish",
  "content.delete": "contentDelete",
  "content.home": "contentHome",
  "content.site": "contentSite",
  "statement.publish": "statementPublish",
  "statement.correct": "statementCorrect",
  "statement.paid": "statementPaid",
} as const satisfies Record<AccessAction, string>;

/** Families of actions, filterable as a whole ("settings.*"). */
export const actionFamilies = [
  "submission",
  "user",
  "affiliate",
  "settings",
  "privacy",
  "content",
] as const satisfies readonly AccessActionPrefix[];

/** The locale key of an action's label, or null when the action is unknown. */
export function actionLabelKey(action: string): string | null {
  if (isAccessAction(action)) return `admin.accessReport.actions.${actionLabels[action]}`;
  const family = actionFamilies.find((name) => action.startsWith(`${name}.`));
  return family ? `admin.accessReport.families.${family}` : null;
}

/** An action in the reader's language (its family's name when only that is known), else as stored. */
export function actionLabel(action: string, t: (key: string) => string): string {
  const key = actionLabelKey(action);
  return key ? t(key) : action;
}

/** An action filter as typed in the URL: a known action, a family ("user.*"), or nothing. */
export function parseActionFilter(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (isAccessAction(value)) return value;
  const family = /^([a-z]+)\.\*$/.exec(value)?.[1];
  return family && (actionFamilies as readonly string[]).includes(family) ? value : undefined;
}

/**
 * Where the subject of an entry is seen in the back office ("submission:42" → its page); a user
 * is found in the users list by her e-mail address.
 */
export function subjectPath(subject: string, userEmail?: string | null): string | null {
  const [kind, id = ""] = subject.split(/:(.*)/s);
  if (kind === "submission" && /^\d+$/.test(id)) return `/admin/cadastros/${id}`;
  if (kind === "affiliate" && /^\d+$/.test(id)) return `/admin/afiliados/${id}`;
  if (kind === "payout-batch" && /^\d+$/.test(id)) return `/admin/afiliados/pagamentos/${id}`;
  if (kind === "user" && userEmail) return `/admin/users?q=${encodeURIComponent(userEmail)}`;
  if (subject === "settings:privacy.retention") return "/admin/privacy";
  return null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first instant of a day in Florianópolis (UTC−3 all year: Brazil dropped summer time in
 * 2019), so a day in the filter is the agency's day whatever the server's time zone.
 */
export function startOfAgencyDay(day: string): Date | null {
  if (!ISO_DATE.test(day)) return null;
  const date = new Date(`${day}T00:00:00-03:00`);
  if (Number.isNaN(date.getTime())) return null;
  // 2026-02-30 would roll over to March: only real days.
  return new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 10) === day ? date : null;
}

/** The report's filters from a query string; a malformed day is dropped and reported. */
export function readAccessFilter(params: URLSearchParams) {
  const day = (name: string) => {
    const value = (params.get(name) ?? "").trim();
    if (!value) return { value: undefined, invalid: false };
    return startOfAgencyDay(value)
      ? { value, invalid: false }
      : { value: undefined, invalid: true };
  };
  const from = day("from");
  const to = day("to");
  const filter = {
    action: parseActionFilter(params.get("action")),
    actor: storableText((params.get("actor") ?? "").trim().slice(0, 100)) || undefined,
    from: from.value,
    to: to.value,
  };
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) if (value) query[key] = value;
  return { filter, query, invalidDate: from.invalid || to.invalid };
}
