/** An application's statuses (product.md section 3), in the product's Portuguese names. */
export const submissionStatuses = ["Pendente", "Aprovado", "Reprovado"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const isSubmissionStatus = (value: unknown): value is SubmissionStatus =>
  submissionStatuses.includes(value as SubmissionStatus);
