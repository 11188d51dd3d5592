import { handleChatbotApplication } from "#app/features/chatbot/chatbot.server.ts";
import type { Route } from "./+types/chatbot-application";

/** POST /api/chatbot: the chatbot sends the application she confirmed (JSON). */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  return handleChatbotApplication(request);
}
