import { getEnv, type Env } from "./env.server.ts";
import type { RequestHead } from "./request-head.ts";

/**
 * The site's public origin for canonical and Open Graph URLs. PUBLIC_ORIGIN in production,
 * so a forged Host header can never end up in a page; the request's own origin otherwise.
 */
export function publicOrigin(request: RequestHead): string {
  return getEnv().PUBLIC_ORIGIN ?? new URL(request.url).origin;
}

/**
 * The origin of every link in every e-mail, from configuration only, never from a request: a
 * mail carries a live token, and a forged `Host` (or `X-Forwarded-Host`) header would otherwise
 * have the agency's genuine mail point at the attacker's site. PUBLIC_ORIGIN, or this server as
 * it is configured to listen (HOST and PORT) when it is unset: right on a developer's machine,
 * and in production a visibly wrong but harmless link that the start-up warning explains
 * (server/index.ts, decision 014).
 */
export function mailOrigin(env: Env = getEnv()): string {
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN.replace(/\/$/, "");
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}
