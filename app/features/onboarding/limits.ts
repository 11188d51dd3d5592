/**
 * The onboarding's limits and built-in facts the pages need as well as the server: kept apart
 * from the forms' schemas (onboarding.ts) so a page never loads the schema library for them.
 */

export const STEP_TITLE_MAX = 80;
export const STEP_GUIDANCE_MAX = 600;
export const SKIP_REASON_MAX = 500;

/** The built-in steps' keys whose next move is hers (the others are the agency's work). */
export const herMoves = ["welcome-call", "identity", "contract"] as const;
