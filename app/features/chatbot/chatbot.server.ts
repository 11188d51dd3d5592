import {
  receiveApplication,
  type ApplicationChannel,
} from "#app/features/submissions/receive.server.ts";
import { CHATBOT_CONSENT_VERSION, chatbotFields } from "./questions.ts";
import { validateChatbotApplication, type ChatbotApplication } from "./schema.ts";

const chatbot: ApplicationChannel<ChatbotApplication> = {
  source: "chatbot",
  fields: chatbotFields,
  validate: (values) => validateChatbotApplication(values),
  consentVersion: CHATBOT_CONSENT_VERSION,
  photoErrors: "chatbot.photos.errors",
  toSubmission: (application) => ({
    fullName: application.fullName,
    email: application.email,
    dateOfBirth: application.dateOfBirth,
    country: application.country,
    city: application.city,
    phone: application.phone,
    document: application.document,
    instagram: application.instagram,
    experience: application.experience,
    message: application.message,
  }),
};

/**
 * The chatbot's confirmed application: the same server path as the pre-selection form, answered
 * as JSON because the chat is a script of its own (it has no page to re-render).
 */
export async function handleChatbotApplication(request: Request) {
  const answer = await receiveApplication(request, chatbot);
  return Response.json(answer.body, {
    status: answer.status,
    headers: { ...answer.headers, "Cache-Control": "no-store" },
  });
}
