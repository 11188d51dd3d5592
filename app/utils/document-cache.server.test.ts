import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { EntryContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  answerFromStore,
  documentCacheKey,
  documentKey,
  inlineScriptHashes,
  NONCE_PLACEHOLDER,
  purgeDocumentCache,
  storedDocument,
  storeDocument,
  type DocumentKey,
} from "./document-cache.server.ts";

function context(overrides: Partial<EntryContext["staticHandlerContext"]> = {}) {
  return {
    staticHandlerContext: { actionData: null, errors: null, ...overrides },
  } as unknown as EntryContext;
}

const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(url, { headers, method });
const keyOf = (url: string, headers: Record<string, string> = {}) =>
  documentKey(get(url, headers))?.key;

describe("documentKey", () => {
  it("is the same for the same page in the same language, and differs otherwise", () => {
    const a = keyOf("https://x.test/blog");
    expect(a).toBeTruthy();
    expect(a).toBe(keyOf("https://x.test/blog"));
    expect(a).not.toBe(keyOf("https://x.test/contact"));
    expect(a).not.toBe(keyOf("https://x.test/blog?page=2"));
    // The language, however it was chosen: the page is written in it.
    expect(a).not.toBe(keyOf("https://x.test/blog", { "accept-language": "de" }));
    expect(a).not.toBe(keyOf("https://x.test/blog?lang=de"));
    // The same language chosen another way: a ?lang= page links with ?lang=, so it differs too.
    expect(keyOf("https://x.test/blog", { cookie: "lang=de" })).not.toBe(
      keyOf("https://x.test/blog", { "accept-language": "de" }),
    );
    // Whatever else the browser sends that does not change the language shares the page.
    expect(keyOf("https://x.test/blog", { "accept-language": "de-AT,de;q=0.9" })).toBe(
      keyOf("https://x.test/blog", { "accept-language": "de" }),
    );
  });

  it("keeps a page under the origin its links were written with (no PUBLIC_ORIGIN here)", () => {
    expect(keyOf("https://x.test/blog")).not.toBe(keyOf("https://evil.test/blog"));
    expect(keyOf("https://x.test/blog")).not.toBe(keyOf("http://x.test/blog"));
    expect(documentKey(get("https://x.test/"))?.secure).toBe(true);
  });

  it("allows the language and referral cookies, nothing else", () => {
    expect(keyOf("https://x.test/", { cookie: "lang=de" })).toBeTruthy();
    expect(keyOf("https://x.test/", { cookie: "ref=ANA123; lang=de" })).toBeTruthy();
    for (const cookie of [
      "lang=de; session=abc",
      "better-auth.session_token=garbage",
      "__Secure-better-auth.session_token=x",
      `lang=de; ${"x".repeat(5000)}`,
    ]) {
      expect(keyOf("https://x.test/", { cookie }), cookie).toBeUndefined();
    }
  });

  it("never shares an affiliate's link, a post or another method", () => {
    expect(keyOf("https://x.test/?ref=ANA123")).toBeUndefined();
    expect(keyOf("https://x.test/blog?x=1&ref=")).toBeUndefined();
    expect(documentKey(get("https://x.test/", {}, "POST"))).toBeNull();
    expect(documentKey(get("https://x.test/", {}, "HEAD"))).not.toBeNull();
  });
});

describe("documentCacheKey", () => {
  const headers = (init: [string, string][] = []) => new Headers(init);

  it("stores a plain 200 page, and the one with its ?lang= cookie", () => {
    expect(documentCacheKey(get("https://x.test/"), 200, context(), headers())).not.toBeNull();
    const chosen = headers([["set-cookie", "lang=de; Path=/"]]);
    expect(documentCacheKey(get("https://x.test/?lang=de"), 200, context(), chosen)).not.toBeNull();
  });

  it("never stores form answers, errors, other statuses, own caching or other cookies", () => {
    const page = get("https://x.test/");
    expect(documentCacheKey(page, 200, context({ actionData: { x: 1 } }), headers())).toBeNull();
    expect(
      documentCacheKey(page, 200, context({ errors: { root: new Error() } }), headers()),
    ).toBeNull();
    expect(documentCacheKey(get("https://x.test/nope"), 404, context(), headers())).toBeNull();
    const noStore = headers([["cache-control", "no-store"]]);
    expect(documentCacheKey(page, 200, context(), noStore)).toBeNull();
    // A loader's own Cache-Control counts even when its route does not pass it on to the page
    // (/privacy/confirm?token=…: the token's state is in the database, not in the URL).
    const fromLoader = context({ loaderHeaders: { "routes/x": noStore } });
    expect(documentCacheKey(page, 200, fromLoader, headers())).toBeNull();
    const referral = headers([["set-cookie", "ref=ANA123; Path=/"]]);
    expect(documentCacheKey(page, 200, context(), referral)).toBeNull();
    expect(documentCacheKey(get("https://x.test/", {}, "HEAD"), 200, context(), headers())).toBe(
      null,
    );
  });
});

describe("stored documents", () => {
  afterEach(() => {
    purgeDocumentCache();
    vi.useRealTimers();
  });

  const inline = 'window.__ctx = {"a":1};';
  const html =
    `<html><head><script type="application/ld+json">{"@type":"Organization"}</script></head>` +
    `<body><p>${"Olá, mundo. ".repeat(200)}</p>` +
    `<script nonce="${NONCE_PLACEHOLDER}">${inline}</script>` +
    `<script type="module" nonce="${NONCE_PLACEHOLDER}">import "/assets/entry.js";</script>` +
    `<script src="/assets/x.js" nonce="${NONCE_PLACEHOLDER}"></script></body></html>`;
  const store = (key: DocumentKey, page = html) =>
    storeDocument(key, page, {
      headers: new Headers(),
      countsViews: true,
      policy: (hashes) => `script-src ${hashes.join(" ")} 'strict-dynamic'`,
    });
  const keyFor = (url: string) => documentKey(get(url))!;

  it("keeps the page without nonces, compressed, with the hashes of its inline scripts", async () => {
    const stored = (await store(keyFor("https://x.test/")))!;
    const page = stored.identity.body.toString();
    expect(page).not.toContain(NONCE_PLACEHOLDER);
    expect(page).not.toContain("nonce=");
    expect(brotliDecompressSync(stored.br.body).equals(stored.identity.body)).toBe(true);
    expect(gunzipSync(stored.gzip.body).equals(stored.identity.body)).toBe(true);
    expect(stored.br.body.byteLength).toBeLessThan(stored.gzip.body.byteLength);
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const policy = stored.br.headers["content-security-policy"]!;
    expect(policy).toContain(sha(inline));
    expect(policy).toContain(sha('import "/assets/entry.js";'));
    expect(policy).not.toContain("nonce");
    // One strong validator per representation: their bytes differ.
    const tags = [stored.identity, stored.gzip, stored.br].map((r) => r.etag);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
  });

  it("hashes only scripts that run from the page itself", () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script>1</script>')).toHaveLength(1);
  });

  it("refuses a page whose placeholder stands elsewhere than in a nonce attribute", async () => {
    const odd = `<script nonce="${NONCE_PLACEHOLDER}"></script><p>${NONCE_PLACEHOLDER}</p>`;
    expect(await store(keyFor("https://x.test/odd"), odd)).toBeUndefined();
  });

  it("answers in the encoding asked, 304 to its own ETag only, no body to HEAD", async () => {
    const key = keyFor("https://x.test/");
    const stored = (await store(key))!;
    const answer = (headers: Record<string, string>, method = "GET") =>
      answerFromStore(stored, get("https://x.test/", headers, method), key);

    const br = answer({ "accept-encoding": "gzip, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(String(stored.br.body.byteLength));
    expect(br.headers["cache-control"]).toBe("private, no-cache");
    expect(br.headers.vary).toMatch(/Accept-Encoding.*Accept-Language.*Cookie/);
    expect(br.headers["set-cookie"]).toBeUndefined();
    expect(answer({ "accept-encoding": "gzip" }).headers["content-encoding"]).toBe("gzip");
    expect(answer({ "accept-encoding": "br;q=0, gzip" }).headers["content-encoding"]).toBe("gzip");
    expect(answer({}).headers["content-encoding"]).toBeUndefined();

    const revalidated = answer({ "accept-encoding": "br", "if-none-match": stored.br.etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    expect(revalidated.headers.etag).toBe(stored.br.etag);
    expect(answer({ "accept-encoding": "br", "if-none-match": `W/${stored.br.etag}` }).status).toBe(
      304,
    );
    // Another representation's tag, a made-up one, a list without ours: the page itself.
    for (const foreign of [stored.gzip.etag, '"abc"', `"x", "y"`, stored.br.etag.slice(0, -2)]) {
      const full = answer({ "accept-encoding": "br", "if-none-match": foreign });
      expect(full.status, foreign).toBe(200);
      expect(full.body?.byteLength).toBe(stored.br.body.byteLength);
    }

    const head = answer({ "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers["content-length"]).toBe(String(stored.br.body.byteLength));
  });

  it("sets the language cookie on a ?lang= hit, as the root loader does", async () => {
    const key = keyFor("https://x.test/blog?lang=de");
    const stored = (await store(key))!;
    const answer = answerFromStore(stored, get("https://x.test/blog?lang=de"), key);
    expect(answer.headers["set-cookie"]).toMatch(/^lang=de; Path=\/; .*Secure/);
  });

  it("compresses once for a burst of stores of the same page", async () => {
    const key = keyFor("https://x.test/burst");
    const [a, b] = await Promise.all([store(key), store(key)]);
    expect(a).toBe(b);
  });

  it("forgets pages after five minutes, and on a purge of their path", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z"), toFake: ["Date"] });
    const blog = keyFor("https://x.test/blog/a");
    const home = keyFor("https://x.test/");
    await store(blog);
    await store(home);
    purgeDocumentCache("/blog");
    expect(storedDocument(blog.key)).toBeUndefined();
    expect(storedDocument(home.key)).toBeDefined();
    vi.setSystemTime(new Date("2026-03-01T12:05:01Z"));
    expect(storedDocument(home.key)).toBeUndefined();
  });

  it("keeps a bounded number of pages, dropping the least recently used", async () => {
    const oldest = keyFor("https://x.test/oldest");
    await store(oldest, "<p>old</p>");
    for (let i = 0; i < 310; i++) await store(keyFor(`https://x.test/p${i}`), "<p>x</p>");
    expect(storedDocument(oldest.key)).toBeUndefined();
    expect(storedDocument(keyFor("https://x.test/p309").key)).toBeDefined();
  });

  it("at the bound of pages, keeps the one just read and drops the one read longest ago", async () => {
    const read = keyFor("https://x.test/read");
    const unread = keyFor("https://x.test/unread");
    await store(read, "<p>read</p>");
    await store(unread, "<p>unread</p>");
    // Both are among the 300 newest: reading one makes it the most recent of all.
    for (let i = 0; i < 297; i++) await store(keyFor(`https://x.test/fill${i}`), "<p>x</p>");
    expect(storedDocument(read.key)).toBeDefined();
    // One page past the bound pushes out the least recently used: the unread one, not the read.
    await store(keyFor("https://x.test/fill297"), "<p>x</p>");
    await store(keyFor("https://x.test/fill298"), "<p>x</p>");
    expect(storedDocument(unread.key)).toBeUndefined();
    expect(storedDocument(keyFor("https://x.test/fill0").key)).toBeDefined();
    // The next one goes past it again: now the oldest of the rest, whatever was read before it.
    await store(keyFor("https://x.test/fill299"), "<p>x</p>");
    expect(storedDocument(keyFor("https://x.test/fill1").key)).toBeUndefined();
    expect(storedDocument(read.key)).toBeDefined();
  });

  it("keeps a bounded number of bytes", async () => {
    // 3 MB each uncompressed (the bound counts every form): the twelfth pushes out the first.
    const big = (n: number) => `<p>${n}${"x".repeat(3_000_000)}</p>`;
    const first = keyFor("https://x.test/big0");
    await store(first, big(0));
    for (let i = 1; i < 12; i++) await store(keyFor(`https://x.test/big${i}`), big(i));
    expect(storedDocument(first.key)).toBeUndefined();
    expect(storedDocument(keyFor("https://x.test/big11").key)).toBeDefined();
  });
});
