import type { Database } from "#app/db/db.server.ts";

/** The spec's promise, when none can be read. */
export const DEFAULT_REPLY_DAYS = 5;

/**
 * Within how many business days the agency promises to answer an application. A stand-in until
 * the site's settings carry it (issue 26, "Real trust"): then this module re-exports the
 * setting's reader of the same name, and every caller follows.
 */
export async function promisedReplyDays(_db: Database): Promise<number> {
  return DEFAULT_REPLY_DAYS;
}
