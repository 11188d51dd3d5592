import type { Browser, BrowserContext, Cookie } from "@playwright/test";
import { expect, t, test, type AppServer } from "./fixtures.ts";

/**
 * Session attacks with a real browser's cookies against the production server: a cookie planted
 * before sign-in, a cookie copied before sign-out and replayed from another browser, and a
 * tampered one. Each ends at the sign-in page. (Expired sessions and links, and a fuzz of cookie
 * edits, are in app/auth/session-attacks.server.test.ts.)
 */
const COOKIE = "mare.session_token";

test.describe("session attacks in the browser", () => {
  test.describe.configure({ mode: "serial" });

  async function signIn(app: AppServer, context: BrowserContext) {
    const page = await context.newPage();
    await app.signIn(page, "model");
    return page;
  }

  const sessionCookie = async (app: AppServer, context: BrowserContext) =>
    (await context.cookies(app.origin)).find((cookie) => cookie.name === COOKIE);

  /** A fresh browser holding only these cookies: it must be sent to sign in. */
  async function expectRefused(
    app: AppServer,
    browser: Browser,
    cookies: Pick<Cookie, "name" | "value">[],
  ) {
    const context = await browser.newContext();
    await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: app.origin })));
    const page = await context.newPage();
    await page.goto(`${app.origin}/dashboard/model`);
    await expect(page).toHaveURL(`${app.origin}/login?redirect=%2Fdashboard%2Fmodel`);
    const file = await context.request.get(`${app.origin}/account/data.json`, {
      maxRedirects: 0,
    });
    expect(file.status()).toBe(302);
    expect(file.headers().location).toMatch(/^\/login\?redirect=/);
    await context.close();
  }

  test("a cookie planted before sign-in is not the one in use after it", async ({
    app,
    browser,
  }) => {
    const context = await browser.newContext();
    const planted = {
      name: COOKIE,
      value: "attacker-chosen-token.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D",
      url: app.origin,
    };
    await context.addCookies([planted]);
    await signIn(app, context);
    const issued = await sessionCookie(app, context);
    expect(issued?.value).toBeTruthy();
    expect(issued!.value).not.toBe(planted.value);
    expect(issued!.httpOnly).toBe(true);
    expect(issued!.sameSite).toBe("Lax");
    await expectRefused(app, browser, [planted]);
    await context.close();
  });

  test("a cookie copied before she signs out is refused when replayed", async ({
    app,
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await signIn(app, context);
    const copied = await context.cookies(app.origin);
    expect(copied.some((cookie) => cookie.name === COOKIE)).toBe(true);
    // Until she signs out, the copy opens her dashboard from another browser: a real theft.
    const thief = await browser.newContext();
    await thief.addCookies(copied.map(({ name, value }) => ({ name, value, url: app.origin })));
    const stolen = await thief.newPage();
    await stolen.goto(`${app.origin}/dashboard/model`);
    await expect(stolen).toHaveURL(`${app.origin}/dashboard/model`);
    await thief.close();

    // She signs out from the account menu.
    await page.getByText(t("en", "account.dashboard"), { exact: true }).click();
    await page.getByRole("button", { name: t("en", "account.logout") }).click();
    await expect(page).toHaveURL(`${app.origin}/`);
    expect(await sessionCookie(app, context)).toBeUndefined();

    await expectRefused(app, browser, copied);
    await context.close();
  });

  test("a tampered cookie is refused", async ({ app, browser }) => {
    const context = await browser.newContext();
    await signIn(app, context);
    const real = (await sessionCookie(app, context))!;
    const at = real.value.indexOf(".") - 2;
    const flipped = `${real.value.slice(0, at)}${real.value[at] === "a" ? "b" : "a"}${real.value.slice(at + 1)}`;
    await expectRefused(app, browser, [{ ...real, value: flipped }]);
    // The untouched cookie still opens her dashboard: the refusal was for the change.
    const page = await context.newPage();
    await page.goto(`${app.origin}/dashboard/model`);
    await expect(page).toHaveURL(`${app.origin}/dashboard/model`);
    await context.close();
  });
});
