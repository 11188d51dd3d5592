import { getEnv } from "./env.server";

/**
 * The site's public origin for canonical and Open Graph URLs. PUBLIC_ORIGIN in production,
 * so a forged Host header can never end up in a page; the request's own origin otherwise.
 */
export function publicOrigin(request: Request): string {
  return getEnv().PUBLIC_ORIGIN ?? new URL(request.url).origin;
}
