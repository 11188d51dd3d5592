import { redirect } from "react-router";
import { VERIFY_PATH } from "#app/auth/account-claim.server.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import { safeReturnPath } from "#app/auth/permissions.ts";
import { hitRateLimit } from "#app/utils/rate-limit.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { MAX_AUTH_BODY_BYTES } from "#app/utils/body-limit.server.ts";
import { clientLimitKey, MAX_FORM_FIELDS, readBodyAtMost } from "#app/utils/request.server.ts";
import type { Route } from "./+types/auth-api";

/**
 * The part of Better Auth's HTTP interface the browser needs: the return from Google.
 * Everything else (sign-in, sign-up, reset, the verification link's button…) goes through the
 * app's own pages and form actions, which check, limit and translate; those endpoints are not
 * exposed. A verification link mailed before links opened a page of their own (mail scanners
 * open every link) goes to that page, which confirms nothing until its button is pressed.
 */
const exposed: { method: string; path: RegExp }[] = [
  { method: "GET", path: /^\/api\/auth\/callback\/[a-z0-9-]+$/ },
  { method: "POST", path: /^\/api\/auth\/callback\/[a-z0-9-]+$/ },
];

async function handle(request: Request) {
  const { pathname, searchParams } = new URL(request.url);
  if (request.method === "GET" && pathname === "/api/auth/verify-email") {
    const token = searchParams.get("token");
    return redirect(token ? `${VERIFY_PATH}?token=${encodeURIComponent(token)}` : VERIFY_PATH);
  }
  if (!exposed.some((e) => e.method === request.method && e.path.test(pathname))) {
    return new Response("Not Found", { status: 404 });
  }
  // Better Auth redirects a failed verification to callbackURL and throws (a 500) on one that is
  // neither a path nor a URL; the links this site mails always carry a path of its own.
  const callback = searchParams.get("callbackURL");
  if (callback !== null && !safeReturnPath(callback)) {
    return new Response("Bad Request", { status: 400 });
  }
  // Codes and states are guessed by trying many: 60 tries per address in 10 minutes is plenty.
  const limit = await hitRateLimit(await getDatabase(), `auth-link:${clientLimitKey(request)}`, {
    limit: 60,
    windowSeconds: 600,
  });
  if (!limit.allowed) {
    return new Response("Too Many Requests", {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const bounded = await withBoundedBody(request);
  if (bounded === "tooLarge") return new Response("Payload Too Large", { status: 413 });
  return (await getAuth()).handler(bounded);
}

/**
 * The request with its body read up to the limit of these endpoints: Better Auth reads a body
 * whole, however long (a 300 MB post once took the server from 412 MB to 1.3 GB). The server
 * refuses a declared length over it already; this counts a chunked one.
 */
async function withBoundedBody(request: Request): Promise<Request | "tooLarge"> {
  if (!request.body) return request;
  const body = await readBodyAtMost(request, MAX_AUTH_BODY_BYTES, MAX_FORM_FIELDS);
  if (body === "tooLarge" || body === "tooManyFields") return "tooLarge";
  const headers = new Headers(request.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.byteLength));
  return new Request(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
  });
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
