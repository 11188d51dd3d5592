import { getEnv } from "./env.server.ts";

/**
 * The visitor's IP address, as the Express layer determined it (honouring TRUST_PROXY) and handed
 * on in the internal X-Client-IP header, which it always overwrites.
 */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") || "unknown";
}

/**
 * Whether a form post came from another site. Browsers send Sec-Fetch-Site and Origin with
 * every POST; a request without either (a script, curl) is not a browser's cross-site request.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const allowed = [new URL(request.url).origin, getEnv().PUBLIC_ORIGIN].filter(Boolean);
  return !allowed.includes(origin);
}
