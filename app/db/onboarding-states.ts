/**
 * The states of an onboarding step and of a booked welcome call (issue 29; product.md section 8).
 * Browser-safe: the forms and the schema share them.
 */
export const onboardingStates = ["todo", "done", "skipped"] as const;
export type OnboardingState = (typeof onboardingStates)[number];

/** What happened in an onboarding step's history (onboarding_events.action). */
export const onboardingActions = ["done", "skipped", "reopened", "owner", "due"] as const;
export type OnboardingAction = (typeof onboardingActions)[number];

/**
 * The built-in steps the product acts on by their key: a held welcome call completes
 * "welcome-call", the identity check and the contract (issue 30) complete theirs. Steps an admin
 * adds have no key and are ticked by hand.
 */
export const builtInStepKeys = [
  "welcome-call",
  "identity",
  "contract",
  "content-plan",
  "launch",
] as const;
export type BuiltInStepKey = (typeof builtInStepKeys)[number];

/** A welcome call: booked, then cancelled, or held or missed as the manager marks it. */
export const welcomeCallStates = ["booked", "cancelled", "held", "missed"] as const;
export type WelcomeCallState = (typeof welcomeCallStates)[number];
