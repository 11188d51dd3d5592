import { isIPv4, isIPv6 } from "node:net";
import { data } from "react-router";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
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
 * The most fields a form may carry unless its route says otherwise: more than any form of the
 * site has. Parsing is what costs: 240,000 empty fields in 720 KB held the event loop for a
 * second, so fields are counted in the raw bytes as they arrive, before a value is parsed.
 */
export const MAX_FORM_FIELDS = 200;

/** What a route lets its form carry; each defaults to the forms' limit. */
export interface FormLimits {
  bytes?: number;
  fields?: number;
}

/**
 * Thrown answers of readForm carry their message: its key, and its text in her language for
 * the error page, which has no strings of its own when a form is refused (root.tsx).
 */
const refused = (request: Request, status: number, message: string) =>
  data({ message, text: getFixedT(languageForRequest(request).language)(message) }, { status });

/**
 * The form an action was posted. A body that is not one (JSON, plain text, a broken multipart
 * body) is the client's mistake and answered as such, 415 or 400, where `request.formData()`
 * would throw and make it a server error; one over 1 MB, or with more fields than the route's
 * form has, is a 413 instead of being buffered or parsed. Its text comes back storable
 * (storableText).
 */
export async function readForm(request: Request, limits: FormLimits = {}): Promise<FormData> {
  const max = limits.bytes ?? MAX_FORM_BYTES;
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(contentType)) throw refused(request, 415, "validation.malformed");
  if (Number(request.headers.get("content-length") ?? 0) > max) {
    throw refused(request, 413, "validation.tooLarge");
  }
  const bytes = await readBodyAtMost(request, max, limits.fields ?? MAX_FORM_FIELDS);
  if (bytes === "tooLarge" || bytes === "tooManyFields") {
    throw refused(request, 413, "validation.tooLarge");
  }
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw refused(request, 400, "validation.malformed");
  }
  const clean = new FormData();
  for (const [name, value] of form) {
    clean.append(storableText(name), typeof value === "string" ? storableText(value) : value);
  }
  return clean;
}

/**
 * Counts a form's fields in its raw bytes, chunk by chunk: `&` separators when urlencoded,
 * boundary lines when multipart (found across chunk edges). Anything else is not counted.
 */
function fieldCounter(contentType: string): ((chunk: Uint8Array) => number) | null {
  if (/^\s*application\/x-www-form-urlencoded/i.test(contentType)) {
    let fields = 1;
    return (chunk) => {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (let at = bytes.indexOf(0x26); at !== -1; at = bytes.indexOf(0x26, at + 1)) fields++;
      return fields;
    };
  }
  const boundary = /boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  if (!/^\s*multipart\/form-data/i.test(contentType) || !boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let carried = Buffer.alloc(0);
  // The closing delimiter is counted too: one more than the parts, which a limit can spare.
  let delimiters = 0;
  return (chunk) => {
    const bytes = Buffer.concat([carried, chunk]);
    let at = bytes.indexOf(delimiter);
    for (; at !== -1; at = bytes.indexOf(delimiter, at + delimiter.length)) delimiters++;
    // Shorter than a delimiter, so a delimiter is never counted twice.
    carried = bytes.subarray(Math.max(0, bytes.length - delimiter.length + 1));
    return delimiters - 1;
  };
}

/**
 * The body, kept only up to `max` bytes (a missing Content-Length proves nothing) and, for a
 * form, `maxFields` fields. What is left of a longer one is read and dropped, up to 8 MB, so
 * that the 413 reaches the client and the connection can carry her next request: closing it
 * with data unread makes the client see a reset instead of the answer. Past that, the body is
 * cancelled and the connection cut.
 */
export async function readBodyAtMost(
  request: Request,
  max: number,
  maxFields = Infinity,
): Promise<Uint8Array<ArrayBuffer> | "tooLarge" | "tooManyFields"> {
  if (!request.body) return new Uint8Array(0);
  const count =
    maxFields === Infinity ? null : fieldCounter(request.headers.get("content-type") ?? "");
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooManyFields = false;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max + MAX_DISCARDED_BYTES) {
      await reader.cancel();
      return "tooLarge";
    }
    if (tooManyFields || size > max) continue;
    if (count && count(value) > maxFields) {
      // Nothing more is kept, nor counted: the rest is only drained.
      tooManyFields = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(value);
  }
  if (size > max) return "tooLarge";
  if (tooManyFields) return "tooManyFields";
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
