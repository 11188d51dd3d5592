import type { RequestHead } from "./request-head.ts";

/** The value of one cookie of a request, or null. Only the first 8 KB of the header are read. */
export function readCookie(request: RequestHead, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.slice(0, 8192).split(";")) {
    const [key, ...rest] = part.split("=");
    if (key?.trim() === name) return rest.join("=").trim();
  }
  return null;
}
