/*
 * The payout screens' fixed words and numbers, for the browser too: no schema here (zod's
 * compiler would try `new Function`, which the pages' Content-Security-Policy forbids).
 */

/** How long the link mailed for a change of her payout details works. */
export const CHANGE_TTL_HOURS = 24;

export const accountTypes = ["checking", "savings"] as const;
