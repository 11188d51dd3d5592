import { redirect } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import type { EmailScreen } from "#app/mail/admin/email-tabs.tsx";
import type { Route } from "./+types/index";

/**
 * The screen an old address of the single /admin/email page meant, read from its query: a
 * template or a WhatsApp language to edit, a page of the outbox; the first screen otherwise.
 */
function screenOf(query: URLSearchParams): EmailScreen {
  if (query.has("template") || query.has("language")) return "templates";
  if (query.has("whatsapp")) return "whatsapp";
  if (query.has("status") || query.has("before")) return "outbox";
  return "smtp";
}

/** What the old page read from its address, and the site's language choice (?lang=). */
const kept = ["template", "language", "whatsapp", "status", "before", "lang"];

/**
 * /admin/email: to its first screen, or to the one an old deep link names, with what the link
 * said (only that: a client navigation's own parameters are not the next page's).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminEmail");
  const query = new URL(request.url).searchParams;
  const next = new URLSearchParams([...query].filter(([name]) => kept.includes(name)));
  const search = next.size ? `?${next}` : "";
  throw redirect(`/admin/email/${screenOf(query)}${search}`);
}
