import type { SubmissionStatus } from "#app/db/submission-statuses.ts";

/**
 * How a reviewer reaches an applicant from her page (browser-safe: the page offers the buttons
 * by the same rules the server checks).
 */
export const contactMethods = ["whatsapp", "email"] as const;
export type ContactMethod = (typeof contactMethods)[number];

export const isContactMethod = (value: unknown): value is ContactMethod =>
  contactMethods.includes(value as ContactMethod);

/**
 * The mail "Send e-mail" sends: her decision's, as the decision itself sent it. A pending
 * application has none yet (deciding it sends it).
 */
export function decisionTemplateOf(status: SubmissionStatus): "approved" | "rejected" | null {
  return status === "Aprovado" ? "approved" : status === "Reprovado" ? "rejected" : null;
}

/** Where the contact form posts (app/routes/admin/submission-contact.ts). */
export const contactPath = (id: number) => `/admin/cadastros/${id}/contact`;
