import type { SubmissionSource, SubmissionStatus } from "#app/db/submission-statuses.ts";
import type { EntryState } from "#app/db/affiliate-program-states.ts";
import type { PortalWeek } from "#app/features/affiliates/portal.server.ts";

/*
 * What the portal's loader sends its sections: the rows of portal.server.ts with their dates
 * already written in her language and the agency's days, so the browser shows what the server
 * did whatever its own time zone.
 */

export interface PortalWeekView extends PortalWeek {
  /** Under the charts' axis: "9/7". */
  label: string;
  /** In the table: "Week of Sep 7, 2026". */
  long: string;
}

export interface PortalReferralView {
  /** First name and initial; null once her data was erased. */
  name: string | null;
  date: string;
  /** On a phone, where the date column is hidden. */
  shortDate: string;
  source: SubmissionSource;
  status: SubmissionStatus;
}

/** One of her entries, worded by the loader in her language (entry-words.ts). */
export interface PortalEntryView {
  id: number;
  date: string;
  shortDate: string;
  description: string;
  amountCents: number;
  state: EntryState;
  /** Why it was voided, for a voided entry. */
  voidLine: string | null;
}
