import { totp } from "./accounts.ts";
import { expect, failedResource, t, test, waitForHydration } from "./fixtures.ts";

/**
 * Two-step sign-in with an authenticator app: turned on from the account's security page, then
 * asked for at every sign-in; a backup code works once instead.
 */
// Her own account: two-step sign-in stays on for it.
const EMAIL = "rita.two-factor@example.com";

test.describe("two-step sign-in", () => {
  test.describe.configure({ mode: "serial" });

  test("is turned on with the app's code, then asked for at sign-in; a backup code works once", async ({
    app,
    page,
    browserErrors,
  }) => {
    browserErrors.allow(failedResource(400)); // the wrong codes
    const { password } = await app.account("approver", { email: EMAIL });
    const lang = "en";
    const signIn = async () => {
      await page.goto(`${app.origin}/login?lang=${lang}`);
      await waitForHydration(page);
      await page.getByLabel(t(lang, "auth.email")).fill(EMAIL);
      await page.getByLabel(t(lang, "auth.password"), { exact: true }).fill(password);
      await page.getByRole("button", { name: t(lang, "auth.signIn"), exact: true }).click();
    };
    await signIn();
    await expect(page).toHaveURL(`${app.origin}/admin/dashboard`);

    await page.goto(`${app.origin}/account/security?lang=${lang}`);
    await expect(page.getByRole("status").first()).toHaveText(t(lang, "security.statusOff"));
    await page.getByRole("textbox", { name: t(lang, "auth.password"), exact: true }).fill(password);
    await page.getByRole("button", { name: t(lang, "security.enable") }).click();
    await expect(page.getByRole("img", { name: t(lang, "security.qrLabel") })).toBeVisible();
    // The code field is a new one: the password typed a moment ago is not in it.
    await expect(page.getByLabel(t(lang, "security.code"), { exact: true })).toHaveValue("");
    const secret = (await page.locator("code").textContent())!.trim();
    const backupCode = (await page
      .getByRole("list", { name: t(lang, "security.backupTitle") })
      .getByRole("listitem")
      .first()
      .textContent())!.trim();

    // A wrong code leaves it off.
    await page.getByLabel(t(lang, "security.code"), { exact: true }).fill("000000");
    await page.getByRole("button", { name: t(lang, "security.confirm") }).click();
    await expect(page.getByRole("alert")).toHaveText(t(lang, "security.wrongCode"));
    await page.getByLabel(t(lang, "security.code"), { exact: true }).fill(totp(secret));
    await page.getByRole("button", { name: t(lang, "security.confirm") }).click();
    await expect(page.getByText(t(lang, "security.notices.enabled"))).toBeVisible();

    // Signed out, the password alone no longer opens the account.
    await page.context().clearCookies();
    await signIn();
    await expect(page).toHaveURL(`${app.origin}/login/two-factor`);
    // The page asks for one thing: she types it without reaching for the field.
    await expect(page.getByLabel(t(lang, "security.code"), { exact: true })).toBeFocused();
    // A code is good once: the one that turned it on was this period's, so the next period's
    // (which the app shows a moment later, and the server accepts one step ahead).
    await page
      .getByLabel(t(lang, "security.code"), { exact: true })
      .fill(totp(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: t(lang, "security.confirm") }).click();
    await expect(page).toHaveURL(`${app.origin}/admin/dashboard`);

    // A backup code instead of the app, once.
    await page.context().clearCookies();
    await signIn();
    await page.getByLabel(t(lang, "security.code"), { exact: true }).fill(backupCode);
    await page.getByRole("button", { name: t(lang, "security.confirm") }).click();
    await expect(page).toHaveURL(`${app.origin}/admin/dashboard`);
    await page.context().clearCookies();
    await signIn();
    await page.getByLabel(t(lang, "security.code"), { exact: true }).fill(backupCode);
    await page.getByRole("button", { name: t(lang, "security.confirm") }).click();
    await expect(page.getByRole("alert")).toHaveText(t(lang, "security.wrongCode"));
  });

  test("the second step cannot be opened without the password first", async ({ app, request }) => {
    const response = await request.get(`${app.origin}/login/two-factor`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/login");
  });
});
