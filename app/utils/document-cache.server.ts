import { createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { EntryContext } from "react-router";
import { languageCookie, languageForRequest } from "#app/i18n/language.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import type { LanguageSource } from "#app/i18n/resolve-language.ts";
import { acceptsEncoding, compressForStorage } from "./compress.server.ts";
import { getEnv } from "./env.server.ts";
import { publicOrigin } from "./origin.server.ts";
import type { RequestHead } from "./request-head.ts";

/**
 * Rendered public pages, kept for a few minutes, ready to send.
 *
 * A page that is the same for every visitor (no session, no form answer, no error) depends only
 * on its URL, the language the root loader resolves and the origin its links are written with
 * (the footer's year aside, which the time limit covers). Such a page is stored once, already
 * compressed (identity, gzip, Brotli), and a later request with the same key gets those bytes
 * before React Router runs: no loader, no render, no compression (server/app.ts).
 *
 * The same bytes go to everyone, so they cannot carry a per-response CSP nonce: a stored page is
 * rendered with a placeholder nonce, which is removed, and its policy names the hashes of its
 * inline scripts instead. See docs/decisions/015-cached-pages-at-static-speed.md.
 */
export const NONCE_PLACEHOLDER = randomBytes(18).toString("base64url");

const MAX_ENTRIES = 300;
// A page and its two compressed forms: about 180 KB for / today.
const MAX_BYTES = 32 * 1024 * 1024;
const TIME_TO_LIVE_MS = 5 * 60 * 1000;

// Cookies that do not change what a page shows. Any other cookie (a session) skips the cache.
const NEUTRAL_COOKIES = new Set(["lang", "ref"]);
// Longer than anything neutral: read no further, render.
const MAX_COOKIE_HEADER = 4096;

/** What a stored page is kept under, and what a hit needs to know of the request. */
export interface DocumentKey {
  key: string;
  pathname: string;
  language: Language;
  source: LanguageSource;
  secure: boolean;
}

interface Representation {
  body: Buffer<ArrayBuffer>;
  etag: string;
  headers: Record<string, string>;
}

interface StoredDocument {
  identity: Representation;
  gzip: Representation;
  br: Representation;
  /** Whether a view of this page is counted (it is behind the page-view middleware). */
  countsViews: boolean;
  pathname: string;
  bytes: number;
}

/** A stored page's answer, for server/app.ts to write as it is and for entry.server to return. */
export interface DocumentAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer<ArrayBuffer> | null;
}

// The least recently used pages go first, past either bound; an expired one is never answered.
const entries = new LRUCache<string, StoredDocument>({
  max: MAX_ENTRIES,
  maxSize: MAX_BYTES,
  sizeCalculation: (entry) => entry.bytes,
  ttl: TIME_TO_LIVE_MS,
  // Ages read from the wall clock, each time: what the tests' fake clock moves.
  perf: { now: () => Date.now() },
  ttlResolution: 0,
});
// Pages being compressed for storage: a burst of misses on a cold key compresses once.
const filling = new Map<string, Promise<StoredDocument | undefined>>();

function onlyNeutralCookies(header: string): boolean {
  if (header.length > MAX_COOKIE_HEADER) return false;
  for (const part of header.split(";")) {
    const name = part.split("=", 1)[0]!.trim();
    if (name && !NEUTRAL_COOKIES.has(name)) return false;
  }
  return true;
}

/**
 * The key of the page this request asks for, when its page may be shared, else null: GET or
 * HEAD, no cookie but neutral ones, and no `?ref=` (an affiliate's link: the root loader counts
 * the click and sets a cookie, so it always renders). Everything the HTML is written from is in
 * the key: path and query, the language and how it was chosen (a `?lang=` page links with it),
 * and the origin of its canonical and Open Graph URLs (PUBLIC_ORIGIN, else the request's own, so
 * a forged Host only ever reaches pages kept under that forged origin).
 */
export function documentKey(head: RequestHead): DocumentKey | null {
  if (head.method !== "GET" && head.method !== "HEAD") return null;
  const cookies = head.headers.get("cookie");
  if (cookies && !onlyNeutralCookies(cookies)) return null;
  let url: URL;
  try {
    url = new URL(head.url);
  } catch {
    return null;
  }
  if (url.searchParams.has("ref")) return null;
  const origin = publicOrigin(head);
  const { language, source } = languageForRequest(head);
  return {
    key: `${origin}\n${url.pathname}${url.search}\n${language}\n${source}`,
    pathname: url.pathname,
    language,
    source,
    secure: origin.startsWith("https:"),
  };
}

/**
 * The key under which this render may be stored, or null when the page is this visitor's alone:
 * a request that may share (documentKey), answered 200 without form answers or errors, and
 * whose loaders and routes neither chose their own caching nor set a cookie other than the
 * language's. A loader that reads anything of the request besides its URL and language (a
 * token's state in the database, say) says so with a Cache-Control of its own; its route need
 * not pass that header on to the page for it to count here.
 */
export function documentCacheKey(
  request: Request,
  status: number,
  context: EntryContext,
  headers: Headers,
): DocumentKey | null {
  if (request.method !== "GET" || status !== 200) return null;
  const { actionData, errors, loaderHeaders } = context.staticHandlerContext;
  if (actionData || errors) return null;
  for (const said of [headers, ...Object.values(loaderHeaders ?? {})]) {
    if (said.has("cache-control")) return null;
    for (const cookie of said.getSetCookie()) {
      if (!cookie.startsWith("lang=")) return null;
    }
  }
  return documentKey(request);
}

// What the page varies on besides its URL: a shared cache must not mix them, and a browser's
// stored copy is only revalidated with the validator it got for the same inputs.
function varyHeader(): string {
  const geo = getEnv().GEO_COUNTRY_HEADER;
  return ["Accept-Encoding", "Accept-Language", "Cookie", ...(geo ? [geo] : [])].join(", ");
}

// The sources of the page's inline scripts, as CSP hashes them: the bytes between the tags.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Stores a page rendered with NONCE_PLACEHOLDER: the placeholder removed, compressed once, with
 * its hash-based policy. Undefined when the page cannot be shared as it is (the placeholder
 * somewhere else than a nonce attribute).
 */
export function storeDocument(
  key: DocumentKey,
  html: string,
  {
    headers,
    countsViews,
    policy,
  }: { headers: Headers; countsViews: boolean; policy: (scriptHashes: string[]) => string },
): Promise<StoredDocument | undefined> {
  const pending = filling.get(key.key);
  if (pending) return pending;
  const stored = (async () => {
    const page = html.replaceAll(` nonce="${NONCE_PLACEHOLDER}"`, "");
    if (page.includes(NONCE_PLACEHOLDER)) return undefined;
    const identity = Buffer.from(page);
    const { br, gzip } = await compressForStorage(identity);
    // Strong validators, one per representation: their bytes differ. The hash is of the page
    // itself, so a page rendered again unchanged (after expiry, on another instance) keeps its
    // ETag and browsers still get their 304.
    const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
    const common: Record<string, string> = {};
    headers.forEach((value, name) => {
      if (name !== "set-cookie") common[name] = value;
    });
    Object.assign(common, {
      "content-type": "text/html; charset=utf-8",
      // Her browser keeps it but asks every time; a shared cache never keeps it.
      "cache-control": "private, no-cache",
      vary: varyHeader(),
      "content-security-policy": policy(inlineScriptHashes(page)),
    });
    const representation = (body: Buffer<ArrayBuffer>, encoding?: string): Representation => {
      const etag = `"${tag}${encoding ? `-${encoding}` : ""}"`;
      return {
        body,
        etag,
        headers: {
          ...common,
          ...(encoding ? { "content-encoding": encoding } : {}),
          "content-length": String(body.byteLength),
          etag,
        },
      };
    };
    const entry: StoredDocument = {
      identity: representation(identity),
      gzip: representation(gzip, "gzip"),
      br: representation(br, "br"),
      countsViews,
      pathname: key.pathname,
      bytes: identity.byteLength + gzip.byteLength + br.byteLength + key.key.length,
    };
    entries.set(key.key, entry);
    return entry;
  })().finally(() => filling.delete(key.key));
  filling.set(key.key, stored);
  return stored;
}

/** The page stored under this key, if it has not expired (a hit makes it the most recent). */
export const storedDocument = (key: string): StoredDocument | undefined => entries.get(key);

/** Whether a stored page may exist at all: a request can skip computing its key. */
export const documentCacheIsEmpty = () => entries.size === 0;

/**
 * Forgets the stored pages whose path starts with this prefix (every page without one): what
 * publishes content calls, so the next visitor gets the new page.
 */
export function purgeDocumentCache(pathPrefix = "/") {
  const purged = [...entries.entries()].filter(([, entry]) =>
    entry.pathname.startsWith(pathPrefix),
  );
  for (const [key] of purged) entries.delete(key);
}

function matchesETag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison, as If-None-Match asks: a W/ prefix does not matter.
  for (const candidate of ifNoneMatch.slice(0, 4096).split(",")) {
    const tag = candidate.trim();
    if ((tag.startsWith("W/") ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

/**
 * The answer to this request from a stored page: the representation its Accept-Encoding takes
 * (Brotli, then gzip), 304 when its If-None-Match names that one, no body for HEAD. A `?lang=`
 * request still gets the language cookie the root loader would have set.
 */
export function answerFromStore(
  entry: StoredDocument,
  head: RequestHead,
  key: DocumentKey,
): DocumentAnswer {
  const acceptEncoding = head.headers.get("accept-encoding");
  const chosen = acceptsEncoding(acceptEncoding, "br")
    ? entry.br
    : acceptsEncoding(acceptEncoding, "gzip")
      ? entry.gzip
      : entry.identity;
  const cookie = key.source === "query" ? languageCookie(key.language, key.secure) : undefined;
  const ifNoneMatch = head.headers.get("if-none-match");
  if (ifNoneMatch && matchesETag(ifNoneMatch, chosen.etag)) {
    const { etag, vary } = chosen.headers;
    return {
      status: 304,
      headers: {
        etag: etag!,
        vary: vary!,
        "cache-control": "private, no-cache",
        ...(cookie ? { "set-cookie": cookie } : {}),
      },
      body: null,
    };
  }
  return {
    status: 200,
    headers: cookie ? { ...chosen.headers, "set-cookie": cookie } : chosen.headers,
    body: head.method === "HEAD" ? null : chosen.body,
  };
}
