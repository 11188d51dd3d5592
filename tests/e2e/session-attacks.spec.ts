import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Cookie } from "@playwright/test";
import { userCreate } from "./accounts.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { ownServer, type OwnServer } from "./own-server.ts";

/**
 * Session attacks with a real browser's cookies against the production server: a cookie planted
 * before sign-in, a cookie copied before sign-out and replayed from another browser, and a
 * tampered one. Each ends at the sign-in page. (Expired sessions and links, and a fuzz of cookie
 * edits, are in app/auth/session-attacks.server.test.ts.)
 */
const PASSWORD = "sessao-do-navegador-2026";
const MODEL = "bia.sessions@example.com";
const COOKIE = "mare.session_token";

test.describe("session attacks in the browser", () => {
  test.describe.configure({ mode: "serial" });
  let dataDir: string;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "mare-sessions-"));
    await userCreate(dataDir, MODEL, "model", PASSWORD);
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 81, { DATA_DIR: dataDir });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(context: BrowserContext) {
    const page = await context.newPage();
    await page.goto(`${server.origin}/login?lang=en`);
    await waitForHydration(page);
    await page.getByLabel(t("en", "auth.email"), { exact: true }).fill(MODEL);
    await page.getByLabel(t("en", "auth.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("en", "auth.signIn"), exact: true }).click();
    await expect(page).toHaveURL(`${server.origin}/dashboard/model`);
    return page;
  }

  const sessionCookie = async (context: BrowserContext) =>
    (await context.cookies(server.origin)).find((cookie) => cookie.name === COOKIE);

  /** A fresh browser holding only these cookies: it must be sent to sign in. */
  async function expectRefused(browser: Browser, cookies: Pick<Cookie, "name" | "value">[]) {
    const context = await browser.newContext();
    await context.addCookies(
      cookies.map(({ name, value }) => ({ name, value, url: server.origin })),
    );
    const page = await context.newPage();
    await page.goto(`${server.origin}/dashboard/model`);
    await expect(page).toHaveURL(`${server.origin}/login?redirect=%2Fdashboard%2Fmodel`);
    const file = await context.request.get(`${server.origin}/account/data.json`, {
      maxRedirects: 0,
    });
    expect(file.status()).toBe(302);
    expect(file.headers().location).toMatch(/^\/login\?redirect=/);
    await context.close();
  }

  test("a cookie planted before sign-in is not the one in use after it", async ({ browser }) => {
    const context = await browser.newContext();
    const planted = {
      name: COOKIE,
      value: "attacker-chosen-token.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D",
      url: server.origin,
    };
    await context.addCookies([planted]);
    await signIn(context);
    const issued = await sessionCookie(context);
    expect(issued?.value).toBeTruthy();
    expect(issued!.value).not.toBe(planted.value);
    expect(issued!.httpOnly).toBe(true);
    expect(issued!.sameSite).toBe("Lax");
    await expectRefused(browser, [planted]);
    await context.close();
  });

  test("a cookie copied before she signs out is refused when replayed", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await signIn(context);
    const copied = await context.cookies(server.origin);
    expect(copied.some((cookie) => cookie.name === COOKIE)).toBe(true);
    // Until she signs out, the copy opens her dashboard from another browser: a real theft.
    const thief = await browser.newContext();
    await thief.addCookies(copied.map(({ name, value }) => ({ name, value, url: server.origin })));
    const stolen = await thief.newPage();
    await stolen.goto(`${server.origin}/dashboard/model`);
    await expect(stolen).toHaveURL(`${server.origin}/dashboard/model`);
    await thief.close();

    // She signs out from the account menu.
    await page.getByText(t("en", "account.dashboard"), { exact: true }).click();
    await page.getByRole("button", { name: t("en", "account.logout") }).click();
    await expect(page).toHaveURL(`${server.origin}/`);
    expect(await sessionCookie(context)).toBeUndefined();

    await expectRefused(browser, copied);
    await context.close();
  });

  test("a tampered cookie is refused", async ({ browser }) => {
    const context = await browser.newContext();
    await signIn(context);
    const real = (await sessionCookie(context))!;
    const at = real.value.indexOf(".") - 2;
    const flipped = `${real.value.slice(0, at)}${real.value[at] === "a" ? "b" : "a"}${real.value.slice(at + 1)}`;
    await expectRefused(browser, [{ ...real, value: flipped }]);
    // The untouched cookie still opens her dashboard: the refusal was for the change.
    const page = await context.newPage();
    await page.goto(`${server.origin}/dashboard/model`);
    await expect(page).toHaveURL(`${server.origin}/dashboard/model`);
    await context.close();
  });
});
