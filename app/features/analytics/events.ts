/**
 * What the cookie-free counting knows (the dailyCounts table): each event with the dimensions
 * it may carry. Shared by the server, which refuses anything else, and the analytics screen.
 */

/** Public pages, grouped: what a page view is counted under. */
export const pageGroups = [
  "home",
  "blog",
  "blog-post",
  "contact",
  "register-model",
  "privacy",
  "other",
] as const;
export type PageGroup = (typeof pageGroups)[number];

/**
 * The starts the browser reports (app/features/analytics/beacon.ts), each under the source the
 * submission would get (submissions.source): the landing form, /register/model, the chatbot.
 */
export const startEvents = {
  form_started: ["form", "register"],
  chatbot_started: ["chatbot"],
} as const;
export type StartEvent = keyof typeof startEvents;

export type CountedEvent = "page_view" | StartEvent;

/**
 * Days are the agency's days (Florianópolis): a visit at 22:30 there is counted on that day,
 * not on the next one in UTC. Submissions are grouped in the same zone.
 */
export const reportingTimeZone = "America/Sao_Paulo";

/** How the analytics screen groups days: by day, ISO week (from Monday) or month. */
export const groupings = ["day", "week", "month"] as const;
export type Grouping = (typeof groupings)[number];
