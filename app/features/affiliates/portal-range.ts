/** The ranges of the portal's chart, in weeks ending with the current one (page and server). */
export const portalWeekChoices = [4, 12, 26, 52] as const;
export const DEFAULT_PORTAL_WEEKS = 12;
