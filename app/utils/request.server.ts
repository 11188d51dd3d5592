import { data } from "react-router";
import { getEnv } from "./env.server.ts";
import { storableText } from "./text.ts";

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

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The form an action was posted. A body that is not one (JSON, plain text, a broken multipart
 * body) is the client's mistake and answered as such, 415 or 400, where `request.formData()`
 * would throw and make it a server error; its text comes back storable (storableText).
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw data(null, { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
  const clean = new FormData();
  for (const [name, value] of form) {
    clean.append(storableText(name), typeof value === "string" ? storableText(value) : value);
  }
  return clean;
}
