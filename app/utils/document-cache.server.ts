import { createHash, randomBytes } from "node:crypto";
import type { EntryContext } from "react-router";

/**
 * Rendered public pages, kept for a few minutes.
 *
 * A public page is a pure function of its URL and its loaders' data (the footer's year aside,
 * which the time limit covers), so when a visitor asks for a page another visitor got a moment
 * ago, the same HTML can be sent again without rendering. Only the CSP nonce must differ per
 * response: cached pages are rendered with a placeholder nonce, replaced by a fresh one on every
 * hit. Anything personal (a session cookie, a form answer, an error) is never cached.
 */
export const NONCE_PLACEHOLDER = randomBytes(18).toString("base64url");

const MAX_ENTRIES = 300; // × ~80 KB: about 24 MB at most
const TIME_TO_LIVE_MS = 5 * 60 * 1000;

// Cookies that do not change what a page shows. Any other cookie (a session) skips the cache.
const NEUTRAL_COOKIES = new Set(["lang", "ref"]);

// A page is kept as the bytes between its nonces, so a hit only joins buffers.
const entries = new Map<string, { parts: Buffer[]; expires: number }>();

/** The cache key of this render, or null when the page must be rendered for this request only. */
export function documentCacheKey(
  request: Request,
  status: number,
  context: EntryContext,
): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  const { actionData, errors, loaderData } = context.staticHandlerContext;
  if (actionData || errors) return null;
  const cookies = request.headers.get("cookie");
  if (cookies) {
    for (const part of cookies.split(";")) {
      const name = part.split("=", 1)[0]!.trim();
      if (name && !NEUTRAL_COOKIES.has(name)) return null;
    }
  }
  const url = new URL(request.url);
  return createHash("sha256")
    .update(url.pathname)
    .update("\0")
    .update(url.search)
    .update("\0")
    .update(JSON.stringify(loaderData))
    .digest("base64url");
}

function join(parts: Buffer[], nonce: string): Buffer<ArrayBuffer> {
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** The cached page under this key with the given nonce in place, or undefined. */
export function cachedDocument(key: string, nonce: string): Buffer<ArrayBuffer> | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expires < Date.now()) {
    entries.delete(key);
    return undefined;
  }
  // Map order is recency order: move this entry to the end.
  entries.delete(key);
  entries.set(key, entry);
  return join(entry.parts, nonce);
}

/** Keeps a page rendered with NONCE_PLACEHOLDER and returns it with the given nonce in place. */
export function cacheDocument(key: string, html: string, nonce: string): Buffer<ArrayBuffer> {
  const parts = html.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part));
  entries.delete(key);
  entries.set(key, { parts, expires: Date.now() + TIME_TO_LIVE_MS });
  while (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
  return join(parts, nonce);
}
