import { handleCountBeacon } from "#app/features/analytics/count-endpoint.server.ts";
import type { Route } from "./+types/count";

/** POST /api/count: a visitor started the form or the chat (cookie-free counting). */
export function action({ request }: Route.ActionArgs) {
  return handleCountBeacon(request);
}

/** Anything but a post. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
