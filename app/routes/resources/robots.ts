import { publicOrigin } from "#app/utils/origin.server.ts";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /portal",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
