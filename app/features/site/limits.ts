/**
 * The Site screen's sizes: the server's schemas decide (site-settings.server.ts), the form uses
 * the same numbers for its hints and `maxLength`.
 */
export const SITE_LIMITS = {
  legalName: 120,
  figureValue: 16,
  figureLabel: 60,
  work: 320,
  stepTitle: 80,
  stepText: 240,
} as const;
export const FIGURE_SLOTS = 4;
export const STEP_COUNT = 3;
