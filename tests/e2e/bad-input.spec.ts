import { createHash } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, htmlAttributes, languages, test } from "./fixtures.ts";

/**
 * Hostile or broken requests: never a server error, always a real page or a 4xx, and nothing
 * from the request comes back as markup. HTTP only (the `request` fixture), no browser.
 */

const XSS = "<script>alert(1)</script>";

/** A deterministic pseudo-random generator, so every run sends the same garbage. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

function garbage(length: number, seed: number) {
  // Visible ASCII plus space and tab: anything a header value may carry.
  const random = seeded(seed);
  let text = "";
  while (text.length < length) text += String.fromCharCode(32 + Math.floor(random() * 95));
  return text.trim();
}

async function expectSafePage(response: APIResponse, label: string) {
  const status = response.status();
  expect(status, `${label}: no server error`).toBeLessThan(500);
  expect([200, 400, 404, 413, 414, 431], `${label}: status`).toContain(status);
  const body = await response.text();
  if (status === 200 || status === 404) {
    expect(response.headers()["content-type"], label).toContain("text/html");
    expect(body, label).toMatch(/^<!DOCTYPE html>/i);
    expect(body, label).toContain("</html>");
    const { lang } = htmlAttributes(body);
    expect(languages as readonly string[], `${label}: <html lang>`).toContain(lang);
  }
  expect(body, `${label}: reflected markup`).not.toContain("<script>alert");
  expect(body, `${label}: reflected markup`).not.toContain("<x-evil");
  return body;
}

test.describe("odd paths", () => {
  const paths = [
    "/%E0%A4%A",
    "/..%2f..%2fetc/passwd",
    "/../../etc/passwd",
    "/<script>",
    `/${encodeURIComponent(XSS)}`,
    "/blog/%E0%A4%A",
    `/blog/${encodeURIComponent(XSS)}`,
    "/blog/..%2f..%2fpackage.json",
    "/%00",
    "/%",
    "/blog/%",
    "/\u00e7\u00e3o/\u{1F600}",
    `/${"a".repeat(6 * 1024)}`,
    `/blog/${"b".repeat(6 * 1024)}`,
  ];
  for (const path of paths) {
    test(`GET ${path.slice(0, 40)}${path.length > 40 ? `… (${path.length} chars)` : ""}`, async ({
      request,
    }) => {
      const response = await request.get(path);
      const body = await expectSafePage(response, path.slice(0, 60));
      expect(response.status()).toBe(404);
      expect(body).not.toMatch(/root:x:0:0/);
    });
  }

  test("POST to an unknown path is a 404, not a server error", async ({ request }) => {
    const response = await request.post("/no-such-page", { form: { a: "b" } });
    expect(response.status()).toBe(404);
  });
});

test.describe("odd query strings", () => {
  test("a 7 KB query string", async ({ request }) => {
    const response = await request.get(`/?q=${"x".repeat(7 * 1024)}`);
    await expectSafePage(response, "7 KB query");
    expect(response.status()).toBe(200);
  });

  test("a 7 KB query of markup on a blog post", async ({ request }) => {
    const query = encodeURIComponent(XSS.repeat(Math.ceil((7 * 1024) / XSS.length)));
    const response = await request.get(`/blog/security-and-anonymity?q=${query}`);
    await expectSafePage(response, "7 KB markup query");
    expect(response.status()).toBe(200);
  });

  const langQueries: [string, string][] = [
    ["?lang=xx", "pt"],
    ["?lang=", "pt"],
    ["?lang=en&lang=de", "en"],
    ["?lang=&lang=&lang=", "pt"],
    [`?lang=${encodeURIComponent(XSS)}`, "pt"],
    [`?lang=${encodeURIComponent('"><x-evil onload=alert(1)>')}`, "pt"],
    [`?lang=${"de".repeat(2000)}`, "pt"],
    ["?lang=%E0%A4%A", "pt"],
    ["?lang[]=en", "pt"],
  ];
  for (const [query, expected] of langQueries) {
    test(`GET /${query.slice(0, 40)}`, async ({ request }) => {
      const response = await request.get(`/${query}`);
      const body = await expectSafePage(response, query.slice(0, 60));
      expect(response.status()).toBe(200);
      expect(htmlAttributes(body).lang).toBe(expected);
      // Only a real language is ever stored.
      const cookie = response.headers()["set-cookie"];
      if (cookie) expect(cookie).toMatch(new RegExp(`^lang=(${languages.join("|")});`));
    });
  }

  test("markup in ?lang= on every route is never reflected", async ({ request }) => {
    const query = `?lang=${encodeURIComponent(XSS)}&q=${encodeURIComponent(XSS)}`;
    for (const path of ["/contact", "/blog", "/register/model", "/permission-denied", "/x"]) {
      await expectSafePage(await request.get(`${path}${query}`), path);
    }
    const sitemap = await request.get(`/sitemap.xml${query}`);
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).not.toContain("<script>");
  });
});

test.describe("odd Accept-Language headers", () => {
  const headers: [string, string][] = [
    ["4 KB of garbage", garbage(4 * 1024, 7)],
    ["8 KB of garbage", garbage(8 * 1024, 11)],
    [
      "500 entries",
      Array.from({ length: 500 }, (_, i) => `x${i}-Y${i};q=0.${(i % 9) + 1}`).join(", "),
    ],
    ["500 entries ending in German", `${"zz;q=0.9, ".repeat(500)}de;q=1`],
    ["malformed q values", "de;q=abc, en;q=-1, it;q=2, sv;q=, ;q=1, ,,,;;;"],
    ["only separators", ",;=,;=,;="],
    ["markup", XSS],
    ["a 1000-character tag", `${"a".repeat(1000)}-${"b".repeat(1000)}`],
  ];
  for (const [name, value] of headers) {
    test(`Accept-Language: ${name}`, async ({ request }) => {
      const response = await request.get("/", { headers: { "Accept-Language": value } });
      await expectSafePage(response, name);
      expect(response.status()).toBe(200);
    });
  }

  test("odd geo headers and cookies", async ({ request }) => {
    const oddHeaders: Record<string, string>[] = [
      { "x-test-country": garbage(2048, 3) },
      { "x-test-country": XSS },
      { Cookie: `lang=${encodeURIComponent(XSS)}` },
      { Cookie: `lang=${"x".repeat(4000)}; lang=de` },
      { Cookie: ";;;=;=lang;lang==en" },
    ];
    for (const headers of oddHeaders) {
      const response = await request.get("/blog", { headers });
      await expectSafePage(response, JSON.stringify(headers).slice(0, 60));
      expect(response.status()).toBe(200);
    }
  });
});

test.describe("HTTP hardening", () => {
  test("pages carry a nonce-based CSP and the security headers", async ({ request }) => {
    // A page rendered for this request only (any cookie but the neutral ones skips the store of
    // public pages; the stored ones are checked below).
    const rendered = { headers: { cookie: "bad-input=render" } };
    const response = await request.get("/", rendered);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values] as const),
    );
    const scriptSrc = directives.get("script-src") ?? [];
    const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})'$/.exec(
      scriptSrc.find((value) => value.startsWith("'nonce-")) ?? "",
    )?.[1];
    expect(nonce, `a nonce in script-src: ${csp}`).toBeTruthy();
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'none'"]);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["referrer-policy"]).not.toMatch(/unsafe-url|no-referrer-when-downgrade/);
    expect(headers["x-powered-by"]).toBeUndefined();

    // Every executable script in the page carries this response's nonce.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (/type="application\/ld\+json"/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }

    // A fresh nonce for every response, in the header and in the page.
    const again = await request.get("/", rendered);
    const againCsp = again.headers()["content-security-policy"] ?? "";
    expect(againCsp).not.toContain(nonce);
    const againNonce = /'nonce-([^']+)'/.exec(againCsp)?.[1];
    const againHtml = await again.text();
    expect(againHtml).toContain(`nonce="${againNonce}"`);
    expect(againHtml).not.toContain(`nonce="${nonce}"`);
  });

  test("a stored public page names the hash of each of its inline scripts, and no nonce", async ({
    request,
  }) => {
    await request.get("/?lang=pt");
    const response = await request.get("/?lang=pt");
    const csp = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.filter((value) => !value.startsWith("'sha256-"))).toEqual(["'self'"]);
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).not.toContain("nonce=");
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\ssrc=/.test(attributes!) && !/ld\+json/.test(attributes!),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , text] of inline) {
      const hash = createHash("sha256").update(text!).digest("base64");
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });

  test("HSTS is sent over HTTPS only, as told by the trusted proxy", async ({ request }) => {
    const plain = await request.get("/");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
    const secure = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    // The language cookie is Secure there too.
    const chosen = await request.get("/?lang=de", { headers: { "X-Forwarded-Proto": "https" } });
    expect(chosen.headers()["set-cookie"]).toMatch(/lang=de;.*Secure/);
  });

  test("an affiliate's ?ref= is remembered for 30 days; a malformed one is ignored", async ({
    request,
  }) => {
    const response = await request.get("/blog?ref=ana-2026");
    expect(response.status()).toBe(200);
    expect(response.headers()["set-cookie"]).toMatch(
      /ref=ANA-2026; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/,
    );
    for (const bad of ["<script>", "a", "x".repeat(40)]) {
      const ignored = await request.get(`/?ref=${encodeURIComponent(bad)}`);
      expect(ignored.status()).toBe(200);
      expect(ignored.headers()["set-cookie"] ?? "").not.toContain("ref=");
    }
  });

  test("hashed assets are cached for a year as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.some((path) => path.endsWith(".js"))).toBe(true);
    expect(assets.some((path) => path.endsWith(".css"))).toBe(true);
    for (const path of assets) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl, path).toContain("immutable");
      expect(cacheControl, path).toMatch(/(^|[\s,])max-age=31536000\b/);
    }
    // A missing asset is a plain 404, not the HTML not-found page with its year-long cache.
    const missing = await request.get("/assets/does-not-exist-abc123.js");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["cache-control"] ?? "").not.toContain("immutable");
  });

  test("HTML is compressed when the client accepts gzip", async ({ request }) => {
    const response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers()["vary"] ?? "").toMatch(/accept-encoding/i);
    // Still a readable page once decompressed.
    expect(await response.text()).toContain("</html>");

    const plain = await request.get("/", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
  });

  test("a form's answer to the page's code goes out as it is; pages and loader data compressed", async ({
    request,
    baseURL,
  }) => {
    // An application with a field missing: answered, nothing stored.
    const form = { fullName: "Ana", age: "25", consent: "on", website: "" };
    const headers = { origin: new URL(baseURL!).origin, "Accept-Encoding": "gzip, br" };
    // Sent by the page's code: a few dozen bytes, not worth an encoder.
    const data = await request.post("/_.data?index", { form, headers });
    expect(data.status()).toBeLessThan(500);
    expect(data.headers()["content-encoding"]).toBeUndefined();
    expect((await data.text()).length).toBeLessThan(2_000);
    // Sent without JavaScript: the answer is the whole page, compressed.
    const page = await request.post("/?index", { form, headers });
    expect(page.headers()["content-type"]).toMatch(/text\/html/);
    expect(page.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
    expect(await page.text()).toContain("</html>");
    // A client-side navigation's loader data still is.
    const loaderData = await request.get("/blog.data", { headers });
    expect(loaderData.status()).toBe(200);
    expect(loaderData.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
  });

  test("scripts and styles go out compressed at build time, Brotli first", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = html.match(/"(\/assets\/framework-[^"]+\.js)"/)?.[1];
    const style = html.match(/"(\/assets\/[^"]+\.css)"/)?.[1];
    expect(script && style).toBeTruthy();
    for (const path of [script!, style!]) {
      const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
      expect(plain.headers()["content-encoding"], path).toBeUndefined();
      const original = await plain.body();
      for (const [accepted, sent] of [
        ["gzip, deflate, br", "br"],
        ["gzip", "gzip"],
      ] as const) {
        const response = await request.get(path, { headers: { "Accept-Encoding": accepted } });
        expect(response.headers()["content-encoding"], `${path} for ${accepted}`).toBe(sent);
        expect(response.headers()["vary"] ?? "").toMatch(/accept-encoding/i);
        expect(response.headers()["content-type"], path).toMatch(/javascript|css/);
        expect(response.headers()["cache-control"], path).toContain("immutable");
        // Sent smaller than the file, and the same file once the browser decodes it.
        expect(Number(response.headers()["content-length"]), path).toBeLessThan(original.length);
        expect((await response.body()).equals(original), path).toBe(true);
      }
    }
  });
});
