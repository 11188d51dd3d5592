import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import {
  cacheDocument,
  cachedDocument,
  documentCacheKey,
  NONCE_PLACEHOLDER,
} from "./document-cache.server";

function context(overrides: Partial<EntryContext["staticHandlerContext"]> = {}) {
  return {
    staticHandlerContext: {
      loaderData: { root: { language: "pt" }, "routes/home": { posts: [] } },
      actionData: null,
      errors: null,
      ...overrides,
    },
  } as unknown as EntryContext;
}

const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("documentCacheKey", () => {
  it("is the same for the same URL and loader data, and differs otherwise", () => {
    const a = documentCacheKey(get("https://x.test/blog"), 200, context());
    expect(a).toBe(documentCacheKey(get("https://x.test/blog"), 200, context()));
    expect(a).not.toBe(documentCacheKey(get("https://x.test/contact"), 200, context()));
    expect(a).not.toBe(documentCacheKey(get("https://x.test/blog?lang=de"), 200, context()));
    const german = context({ loaderData: { root: { language: "de" } } });
    expect(a).not.toBe(documentCacheKey(get("https://x.test/blog"), 200, german));
  });

  it("allows the language cookie but nothing personal", () => {
    expect(
      documentCacheKey(get("https://x.test/", { cookie: "lang=de" }), 200, context()),
    ).not.toBeNull();
    expect(
      documentCacheKey(get("https://x.test/", { cookie: "lang=de; session=abc" }), 200, context()),
    ).toBeNull();
  });

  it("never caches form answers, errors, other statuses or other methods", () => {
    expect(
      documentCacheKey(get("https://x.test/"), 200, context({ actionData: { x: 1 } })),
    ).toBeNull();
    expect(
      documentCacheKey(get("https://x.test/"), 200, context({ errors: { root: new Error() } })),
    ).toBeNull();
    expect(documentCacheKey(get("https://x.test/nope"), 404, context())).toBeNull();
    const post = new Request("https://x.test/", { method: "POST", body: "a=1" });
    expect(documentCacheKey(post, 200, context())).toBeNull();
  });
});

describe("cached documents", () => {
  const html = `<script nonce="${NONCE_PLACEHOLDER}">1</script><p>hi</p><script nonce="${NONCE_PLACEHOLDER}">2</script>`;

  it("puts the fresh nonce in every place the placeholder stood", () => {
    const first = cacheDocument("k1", html, "AAA").toString();
    expect(first).toBe('<script nonce="AAA">1</script><p>hi</p><script nonce="AAA">2</script>');
    const hit = cachedDocument("k1", "BBB")!.toString();
    expect(hit).toBe('<script nonce="BBB">1</script><p>hi</p><script nonce="BBB">2</script>');
    expect(hit).not.toContain(NONCE_PLACEHOLDER);
  });

  it("misses on an unknown key", () => {
    expect(cachedDocument("never-stored", "x")).toBeUndefined();
  });

  it("keeps at most a few hundred pages, dropping the least recently used", () => {
    cacheDocument("oldest", "<p>old</p>", "n");
    for (let i = 0; i < 400; i++) cacheDocument(`page-${i}`, "<p>x</p>", "n");
    expect(cachedDocument("oldest", "n")).toBeUndefined();
    expect(cachedDocument("page-399", "n")?.toString()).toBe("<p>x</p>");
  });
});
