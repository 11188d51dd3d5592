/**
 * The privacy rules' numbers, shared by the server modules and the pages that show them
 * (browser-safe: no server code).
 */

/** How long a mailed link works. A day: long enough to find the mail, short enough to matter. */
export const REQUEST_TTL_HOURS = 24;

/** Rejected applications are erased this many months after their last status change. */
export const DEFAULT_RETENTION_MONTHS = 12;
/** Ten years is the longest an admin may choose; 0 turns the erasure off (kept until asked). */
export const MAX_RETENTION_MONTHS = 120;
