/** How long an application may wait for a decision before it is pointed out (days). */
export const DEFAULT_WAITING_DAYS = 5;
export const MAX_WAITING_DAYS = 90;
