import { rmSync } from "node:fs";
import http from "node:http";
import type { Page } from "@playwright/test";
import { accountsDataDir, namedAccount } from "../e2e/accounts.ts";
import { expect, t, test, waitForHydration } from "../e2e/fixtures.ts";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Attacks on the document cache (app/utils/document-cache.server.ts): public pages are stored
 * once and sent to everyone before any loader runs, so whatever reaches the store reaches every
 * visitor. Sent as an attacker sends them, to a production server behind a trusted proxy
 * (X-Forwarded-* believed) and without PUBLIC_ORIGIN, where pages write their links with the
 * request's own host: the hardest case for a shared page.
 */
// The nav bar shows a signed-in user's name (named after her address, as user:create does).
const {
  email: AFFILIATE,
  password: PASSWORD,
  name: HER_NAME,
} = namedAccount("ingrid.privatename@example.com");
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request: Node's fetch refuses to send a Host of the caller's choice. */
function send(server: OwnServer, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${server.origin}${pathname}`,
      { headers: { "user-agent": BROWSER, "accept-encoding": "identity", ...headers } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** A page from the store: hash-based CSP and an ETag. A rendered one has a nonce and none. */
const policyOf = (answer: Answer) => String(answer.headers["content-security-policy"] ?? "");
const isStored = (answer: Answer) =>
  /script-src 'sha256-/.test(policyOf(answer)) && answer.headers.etag !== undefined;
const isRendered = (answer: Answer) =>
  /script-src 'nonce-/.test(policyOf(answer)) && answer.headers.etag === undefined;

test.describe("the document cache under attack", () => {
  test.describe.configure({ mode: "serial" });
  let dataDir: string;
  let server: OwnServer;
  let cookie: string;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(paced(90_000));
    // Migrated, with the affiliate (global-setup.ts).
    dataDir = accountsDataDir("mare-cache-");
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 96, {
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: "",
      TRUST_PROXY: "loopback",
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.origin}/login?lang=en`);
    await waitForHydration(page);
    await page.getByLabel(t("en", "auth.email"), { exact: true }).fill(AFFILIATE);
    await page.getByLabel(t("en", "auth.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("en", "auth.signIn"), exact: true }).click();
    await expect(page).toHaveURL(`${server.origin}/portal`);
    cookie = (await context.cookies(server.origin))
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
    await context.close();
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("a signed-in visitor's page is never stored, and she is never sent a stored one", async () => {
    // Her page first, on a cold key: rendered for her, with her name.
    const hers = await send(server, "/blog?lang=en&first=her", { cookie });
    expect(hers.status).toBe(200);
    expect(isRendered(hers)).toBe(true);
    expect(hers.body).toContain(HER_NAME);
    // The next visitor on the same URL gets a page without her, stored now, then from the store.
    for (let i = 0; i < 2; i++) {
      const anonymous = await send(server, "/blog?lang=en&first=her");
      expect(isStored(anonymous)).toBe(true);
      expect(anonymous.body.includes(HER_NAME), "her name in the page").toBe(false);
    }
    // A warm key, her browser's copy's ETag: still her own page, never a 304 or the stored one.
    const stored = await send(server, "/blog?lang=en&first=her");
    const again = await send(server, "/blog?lang=en&first=her", {
      cookie,
      "if-none-match": stored.headers.etag!,
    });
    expect(again.status).toBe(200);
    expect(isRendered(again)).toBe(true);
    expect(again.body).toContain(HER_NAME);
    const later = await send(server, "/blog?lang=en&first=her");
    expect(later.body.includes(HER_NAME), "her name in the page").toBe(false);
  });

  test("a session cookie that is garbage, or any unknown cookie, skips the store", async () => {
    await send(server, "/contact?lang=en");
    expect(isStored(await send(server, "/contact?lang=en"))).toBe(true);
    for (const odd of [
      "mare.session_token=garbage",
      "better-auth.session_token=garbage",
      "lang=en; tracker=1",
    ]) {
      const answer = await send(server, "/contact?lang=en", { cookie: odd });
      expect(answer.status, odd).toBe(200);
      expect(isRendered(answer), odd).toBe(true);
    }
    // The neutral ones share the stored page.
    expect(isStored(await send(server, "/contact?lang=en", { cookie: "lang=en; ref=X" }))).toBe(
      true,
    );
  });

  for (const forged of [
    { host: "evil.example" } as Record<string, string>,
    { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
  ]) {
    const name = Object.keys(forged).join(" and ");
    test(`a forged ${name} cannot poison the page other visitors get`, async () => {
      const url = `/?lang=en&poison=${encodeURIComponent(name)}`;
      // His request first, on a cold key: stored, but under his origin only.
      const his = await send(server, url, forged);
      expect(his.status).toBe(200);
      // Without PUBLIC_ORIGIN his page does name his host: the forgery reaches the render.
      expect(his.body.includes("evil.example"), "his host in his page").toBe(true);
      for (let i = 0; i < 2; i++) {
        const honest = await send(server, url);
        expect(honest.body.includes(`href="${server.origin}/`), "own origin").toBe(true);
        expect(honest.body.includes("evil.example"), "his host in the page").toBe(false);
      }
    });
  }

  test("an affiliate's link still counts its click when the page is stored", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const portal = await context.newPage();
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: server.origin };
      }),
    );
    await portal.goto(`${server.origin}/portal?lang=en`);
    const field = portal.getByRole("textbox", { name: t("en", "portal.link.label"), exact: true });
    const link = new URL(await field.inputValue());
    await expect(clicks(portal)).toHaveText("0");

    // / is stored (two anonymous visits), then a visitor arrives through her link.
    await send(server, "/");
    expect(isStored(await send(server, "/"))).toBe(true);
    const visit = await send(server, `${link.pathname}${link.search}`);
    expect(visit.status).toBe(200);
    expect(isRendered(visit)).toBe(true);
    expect(String(visit.headers["set-cookie"])).toContain(`ref=${link.searchParams.get("ref")}`);
    await expect(async () => {
      await portal.reload();
      await expect(clicks(portal)).toHaveText("1", { timeout: 1000 });
    }).toPass();
    // The affiliate link is never stored: a second visitor counts too.
    expect(isRendered(await send(server, `${link.pathname}${link.search}`))).toBe(true);
    await context.close();
  });

  test("a foreign or made-up ETag gets the page, the right one a 304", async () => {
    const first = await send(server, "/privacy?lang=en", { "accept-encoding": "br" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const foreign of ['"made-up"', `${etag.slice(0, -3)}gzip"`, '"a", "b"']) {
      const answer = await send(server, "/privacy?lang=en", {
        "accept-encoding": "br",
        "if-none-match": foreign,
      });
      expect(answer.status, foreign).toBe(200);
    }
    // Another page's tag is not this page's.
    const home = await send(server, "/?lang=en", { "accept-encoding": "br" });
    const other = await send(server, "/privacy?lang=en", {
      "accept-encoding": "br",
      "if-none-match": home.headers.etag!,
    });
    expect(other.status).toBe(200);
    const revalidated = await send(server, "/privacy?lang=en", {
      "accept-encoding": "br",
      "if-none-match": etag,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
  });

  test("a stored page has no nonce left, in its body or its policy; HEAD answers without a body", async () => {
    await send(server, "/blog?lang=de");
    const stored = await send(server, "/blog?lang=de");
    expect(isStored(stored)).toBe(true);
    expect(/nonce=/.test(stored.body), "a nonce attribute").toBe(false);
    expect(stored.headers["content-security-policy"]).not.toContain("nonce");
    expect(stored.headers["content-security-policy"]).not.toContain("unsafe-inline'; script");
    expect(stored.headers["content-security-policy"]).toMatch(
      /script-src ('sha256-[^']+' )+'self';/,
    );
    // ?lang= on a hit still remembers the choice, as the root loader does.
    expect(String(stored.headers["set-cookie"])).toMatch(/^lang=de;/);
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request(`${server.origin}/blog?lang=de`, { method: "HEAD" }, resolve)
        .on("error", reject)
        .end(),
    );
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(stored.body)));
  });
});

function clicks(page: Page) {
  return page
    .getByRole("region", { name: t("en", "portal.figures.title") })
    .locator("div", { has: page.locator("dt", { hasText: t("en", "portal.figures.clicks") }) })
    .locator("dd")
    .first();
}
