import type { Language } from "#app/i18n/languages.ts";

/**
 * A staff member's profile as the models she manages see it (issue 29, product.md section 8):
 * the limits the form shows and the server checks. Browser-safe.
 */
export const PROFILE_LIMITS = {
  displayName: 80,
  /** A few sentences: a card on her dashboard, not a biography. */
  introduction: 600,
  meetingUrl: 500,
} as const;

export type IntroductionField = `intro-${Language}`;

export type ProfileField =
  "displayName" | "whatsapp" | "meetingUrl" | IntroductionField | "photo" | "form";

/** Who may be a talent manager: an approver or an admin (whose account is in use). */
export const managerRoles = ["approver", "admin"] as const;

/** The mail telling a model who her talent manager is, as the outbox names it. */
export const MANAGER_MAIL_KIND = "manager-assigned";
