/**
 * The affiliate program's words (issue 31; product.md section 4), shared by the schema and the
 * screens. Browser-safe.
 */

/**
 * What a referred woman reaches that the agency rewards: approved (her application), contract
 * signed (her signature on it), launched (the last onboarding step closed: an "active" model).
 */
export const referralMilestones = ["approved", "contract-signed", "launched"] as const;
export type ReferralMilestone = (typeof referralMilestones)[number];

/**
 * Where a commission entry comes from: a milestone of a referral, a published statement of a
 * referred model (a percentage of the agency's share), a correction typed by an admin with a
 * reason, or the hand-kept ledger that came before the program (migration 0036).
 */
export const entryOrigins = ["milestone", "statement", "manual", "legacy"] as const;
export type EntryOrigin = (typeof entryOrigins)[number];

/** Why an entry may not be a self-referral: what the referral shares with the affiliate. */
export const selfReferralSignals = ["email", "phone", "document", "address"] as const;
export type SelfReferralSignal = (typeof selfReferralSignals)[number];

/** An admin's answer to an entry held as a possible self-referral. */
export const riskDecisions = ["released", "voided"] as const;
export type RiskDecision = (typeof riskDecisions)[number];

/** How she is paid: a PIX key (and its type), or a bank account. */
export const payoutMethods = ["pix", "bank"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const pixKeyTypes = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyType = (typeof pixKeyTypes)[number];

/** A payout batch is prepared (its CSV goes to the bank), then marked paid, or cancelled. */
export const payoutBatchStates = ["open", "paid", "cancelled"] as const;
export type PayoutBatchState = (typeof payoutBatchStates)[number];

/**
 * An entry's state, derived (never stored): void, held for review, paid (in a paid batch), in a
 * batch being paid, payable (its hold has passed), or pending (within its hold).
 */
export const entryStates = ["pending", "payable", "in-batch", "paid", "held", "void"] as const;
export type EntryState = (typeof entryStates)[number];
