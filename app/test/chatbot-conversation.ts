import { newConversation, reduce, type Conversation } from "#app/features/chatbot/conversation.ts";
import type { Answers, Question } from "#app/features/chatbot/questions.ts";

/** The chatbot's unit tests: their applicant, and the steps of her conversation. */

export const TODAY = "2026-11-22";

export const her = {
  fullName: "Ana Souza",
  dateOfBirth: "1990-05-17",
  country: "BR",
  city: "Florianópolis",
  phone: "+55 48 99999-9999",
  email: "ana@example.com",
  document: "123.456.789-09",
  instagram: "@ana.souza",
  experience: "beginner",
  message: "I would like to start creating content.",
} satisfies Answers;

/** What would give her away if it were found in storage: the number in any form, the date. */
export const secrets = [her.document, "12345678909", "456789", "8909", her.dateOfBirth, "1990-05"];

export const answersTo: Record<Question, Answers> = {
  fullName: { fullName: her.fullName },
  dateOfBirth: { dateOfBirth: her.dateOfBirth },
  location: { country: her.country, city: her.city },
  phone: { phone: her.phone },
  email: { email: her.email },
  document: { document: her.document },
  instagram: { instagram: her.instagram },
  experience: { experience: her.experience },
  message: { message: her.message },
};

/** Types the answer to the question she is asked and sends it. */
export function give(conversation: Conversation, values: Answers) {
  const drafted = reduce(conversation, { type: "draft", values });
  return reduce(drafted, { type: "answer", today: TODAY });
}

/**
 * Her conversation from the start, up to (not including) `question`, or to the summary (the
 * photo step after the questions skipped).
 */
export function conversationUpTo(question?: Question) {
  let conversation = reduce(newConversation(), { type: "begin" });
  while (conversation.stage.kind === "question" && conversation.stage.question !== question) {
    conversation = give(conversation, answersTo[conversation.stage.question]);
  }
  return conversation.stage.kind === "photos"
    ? reduce(conversation, { type: "skip-photos" })
    : conversation;
}
