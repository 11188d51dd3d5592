/**
 * The pre-selection form's fields and limits (spec sections 3, 5 and 9). Kept apart from the
 * schema so the page renders the form without loading the validation library.
 */
export const MIN_AGE = 18;
export const MESSAGE_MIN_LENGTH = 10;
/** The id of the form's section: a post, with or without JavaScript, lands on it. */
export const FORM_ANCHOR = "preselection";
export const experienceLevels = ["beginner", "intermediate", "advanced"] as const;

export const preselectionFields = [
  "fullName",
  "age",
  "email",
  "whatsapp",
  "instagram",
  "experience",
  "message",
  "consent",
] as const;

/**
 * The version of the consent text (preselection.consent in every locale) stored with each
 * application. Change it whenever that text changes; a unit test pins the texts to it.
 */
export const CONSENT_VERSION = "2026-11-22";

/** /register/model asks the same, plus a password for her account. */
export const registrationFields = [...preselectionFields, "password"] as const;
export type PreselectionField = (typeof registrationFields)[number];

export const limits = {
  fullName: 120,
  email: 254,
  whatsapp: 32,
  instagram: 200,
  message: 2000,
} as const;
