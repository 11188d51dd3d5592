/** An application's statuses (product.md section 3), in the product's Portuguese names. */
export const submissionStatuses = ["Pendente", "Aprovado", "Reprovado"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/** Where an application came from (product.md section 3). */
export const submissionSources = ["form", "chatbot", "register"] as const;
export type SubmissionSource = (typeof submissionSources)[number];

export const isSubmissionStatus = (value: unknown): value is SubmissionStatus =>
  submissionStatuses.includes(value as SubmissionStatus);
