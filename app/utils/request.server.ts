import { isIPv4, isIPv6 } from "node:net";
import { data } from "react-router";
import { MAX_DISCARDED_BYTES, MAX_FORM_BYTES } from "./body-limit.server.ts";
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
 * The address a rate limit counts under. One person holds a whole IPv6 /64 (a home or a server
 * gets at least one and picks addresses in it freely), so an IPv6 address counts as its /64:
 * the first four groups, written out, then "::/64". An IPv4 address, also when written as
 * IPv4-mapped IPv6 (::ffff:1.2.3.4, as a dual-stack socket reports it), counts as itself. A zone
 * id (fe80::1%eth0) is dropped; anything that is no address at all is kept as it is.
 */
export function limitKeyOfAddress(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  if (isIPv4(address) || !isIPv6(address)) return address || ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  const prefix = groups.slice(0, 4).map((group) => group.toString(16).padStart(4, "0"));
  return `${prefix.join(":")}::/64`;
}

/** The address a request's rate limits count under (limitKeyOfAddress of clientIp). */
export function clientLimitKey(request: Request): string {
  return limitKeyOfAddress(clientIp(request));
}

/** The eight 16-bit groups of a valid IPv6 address ("::" filled in, a dotted IPv4 tail split). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part
      ? part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head, tail] = address.split("::") as [string, string | undefined];
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
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
 * would throw and make it a server error; one over 1 MB is a 413 instead of being buffered
 * whole. Its text comes back storable (storableText).
 */
export async function readForm(request: Request, max = MAX_FORM_BYTES): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(contentType)) throw data(null, { status: 415 });
  if (Number(request.headers.get("content-length") ?? 0) > max) {
    throw data(null, { status: 413 });
  }
  const bytes = await readBodyAtMost(request, max);
  if (bytes === "tooLarge") throw data(null, { status: 413 });
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw data(null, { status: 400 });
  }
  const clean = new FormData();
  for (const [name, value] of form) {
    clean.append(storableText(name), typeof value === "string" ? storableText(value) : value);
  }
  return clean;
}

/**
 * The body, kept only up to `max` bytes (a missing Content-Length proves nothing). What is left
 * of a longer one is read and dropped, up to 8 MB, so that the 413 reaches the client and the
 * connection can carry her next request: closing it with data unread makes the client see a
 * reset instead of the answer. Past that, the body is cancelled and the connection cut.
 */
export async function readBodyAtMost(
  request: Request,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | "tooLarge"> {
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max + MAX_DISCARDED_BYTES) {
      await reader.cancel();
      return "tooLarge";
    }
    if (size <= max) chunks.push(value);
  }
  if (size > max) return "tooLarge";
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
