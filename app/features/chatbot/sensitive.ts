/**
 * The two answers that identify her beyond doubt. Applicants often share a phone, so these are
 * never written to the browser's storage: a resumed conversation asks for them again, and the
 * document number is shown masked until she asks to see it (issue 24, point 6).
 * Kept apart from questions.ts so the launcher's saved-conversation check stays small.
 */
export const sensitiveQuestions = ["dateOfBirth", "document"] as const;
export type SensitiveQuestion = (typeof sensitiveQuestions)[number];

export function isSensitive(question: string): question is SensitiveQuestion {
  return (sensitiveQuestions as readonly string[]).includes(question);
}

/** Shown in place of each hidden character. */
export const MASK = "•";

/**
 * A document number as the chat shows it back: a bullet for every character but the last four,
 * and never more than half of it in clear, so a short number is not given away
 * ("123.456.789-09" → "•••••••8909", "12345" → "•••45"). Separators are left out: they would
 * only say where the hidden digits are. `ending` is the part in clear, for screen readers.
 */
export function maskDocument(value: string): { masked: string; ending: string } {
  const characters = Array.from(value.replace(/[^\p{L}\p{N}]/gu, ""));
  const shown = Math.min(4, Math.floor(characters.length / 2));
  const ending = characters.slice(characters.length - shown).join("");
  return { masked: MASK.repeat(characters.length - shown) + ending, ending };
}
