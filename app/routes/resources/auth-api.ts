import { getAuth } from "~/auth/auth.server";
import { safeReturnPath } from "~/auth/permissions";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { getDatabase } from "~/db/db.server";
import { clientIp } from "~/utils/request.server";
import type { Route } from "./+types/auth-api";

/**
 * The part of Better Auth's HTTP interface the browser needs: the link in the verification
 * e-mail and the return from Google. Everything else (sign-in, sign-up, reset…) goes through
 * the app's own form actions, which check, limit and translate; those endpoints are not exposed.
 */
const exposed: { method: string; path: RegExp }[] = [
  { method: "GET", path: /^\/api\/auth\/verify-email$/ },
  { method: "GET", path: /^\/api\/auth\/callback\/[a-z0-9-]+$/ },
  { method: "POST", path: /^\/api\/auth\/callback\/[a-z0-9-]+$/ },
];

async function handle(request: Request) {
  const { pathname, searchParams } = new URL(request.url);
  if (!exposed.some((e) => e.method === request.method && e.path.test(pathname))) {
    return new Response("Not Found", { status: 404 });
  }
  // Better Auth redirects a failed verification to callbackURL and throws (a 500) on one that is
  // neither a path nor a URL; the links this site mails always carry a path of its own.
  const callback = searchParams.get("callbackURL");
  if (callback !== null && !safeReturnPath(callback)) {
    return new Response("Bad Request", { status: 400 });
  }
  // Tokens are guessed by trying many: 60 tries per address in 10 minutes is plenty for people.
  const limit = await hitRateLimit(await getDatabase(), `auth-link:${clientIp(request)}`, {
    limit: 60,
    windowSeconds: 600,
  });
  if (!limit.allowed) {
    return new Response("Too Many Requests", {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  return (await getAuth()).handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
