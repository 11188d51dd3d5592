import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, t, test as base, waitForHydration, type Lang } from "./fixtures.ts";
import { startLocalGoogle, type GoogleIdentity } from "../local-google.ts";

/**
 * Sign-in with Google, end to end, against a local OpenID Connect server standing in for Google
 * (oauth2-mock-server: discovery, authorization with PKCE and nonce, signed ID tokens, userinfo).
 * Its authorization endpoint answers at once, as Google does for someone already signed in.
 */

// This file's server (a worker of its own) signs in with the local provider, started first.
const test = base.extend<object, { localGoogle: Awaited<ReturnType<typeof startLocalGoogle>> }>({
  localGoogle: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const localGoogle = await startLocalGoogle();
      await use(localGoogle);
      await localGoogle.stop();
    },
    { scope: "worker" },
  ],
  serverEnv: async ({ localGoogle }, use) => {
    await use({
      GOOGLE_ISSUER: localGoogle.issuer,
      GOOGLE_CLIENT_ID: "mare-e2e-client",
      GOOGLE_CLIENT_SECRET: "mare-e2e-secret",
    });
  },
});

const run = randomBytes(4).toString("hex");
const person = (name: string): GoogleIdentity => ({
  sub: `google-${name}-${run}`,
  email: `${name}.${run}@example.com`,
  name: `${name[0]!.toUpperCase()}${name.slice(1)} Google`,
});

const googleButton = (page: Page, lang: Lang) =>
  page.getByRole("button", { name: t(lang, "auth.google") });

test.describe("Google sign-in", () => {
  // One provider and one server for these steps; the second sign-in follows the first.
  test.describe.configure({ mode: "serial" });

  const affiliate = person("lia");

  test("from the affiliate page, a new account is an affiliate and lands in her portal", async ({
    app,
    localGoogle,
    page,
  }) => {
    const lang: Lang = "it";
    localGoogle.signInAs(affiliate);
    await page.goto(`${app.origin}/register/affiliate?lang=${lang}`);
    await waitForHydration(page);
    await googleButton(page, lang).click();
    await expect(page).toHaveURL(`${app.origin}/portal`);
    await expect(page.locator("h1")).toHaveText(t(lang, "portal.title"));
    await expect(page.getByText(t(lang, "portal.intro", { name: "Lia" }))).toBeVisible();
  });

  test("from /login, a new account is a model and lands in her dashboard", async ({
    app,
    localGoogle,
    page,
  }) => {
    const lang: Lang = "pt";
    localGoogle.signInAs(person("bia"));
    await page.goto(`${app.origin}/login?lang=${lang}`);
    await waitForHydration(page);
    await googleButton(page, lang).click();
    await expect(page).toHaveURL(`${app.origin}/dashboard/model`);
    await expect(page.locator("h1")).toHaveText(t(lang, "dashboard.greeting", { name: "Bia" }));
  });

  test("from the model sign-up page, a new account is a model", async ({
    app,
    localGoogle,
    page,
  }) => {
    const lang: Lang = "it";
    localGoogle.signInAs(person("carla"));
    await page.goto(`${app.origin}/register/model?lang=${lang}`);
    await waitForHydration(page);
    await googleButton(page, lang).click();
    await expect(page).toHaveURL(`${app.origin}/dashboard/model`);
  });

  test("the affiliate signing in again from /login stays an affiliate", async ({
    app,
    localGoogle,
    page,
  }) => {
    const lang: Lang = "pt";
    localGoogle.signInAs(affiliate);
    await page.goto(`${app.origin}/login?lang=${lang}`);
    await waitForHydration(page);
    await googleButton(page, lang).click();
    await expect(page).toHaveURL(`${app.origin}/portal`);
    await page.goto(`${app.origin}/dashboard/model`);
    await expect(page).toHaveURL(`${app.origin}/permission-denied`);
  });

  test("a refusal by the provider brings her back to /login with the error toast", async ({
    app,
    localGoogle,
    page,
  }) => {
    const lang: Lang = "de";
    localGoogle.signInAs(person("refused"));
    localGoogle.refuseNext("access_denied");
    await page.goto(`${app.origin}/login?lang=${lang}`);
    await waitForHydration(page);
    await googleButton(page, lang).click();
    await expect(page).toHaveURL(/\/login\?error=access_denied/);
    const toast = page.getByRole("region").locator("ol > li");
    await expect(toast).toContainText(t(lang, "auth.googleFailedTitle"));
    await expect(toast).toContainText(t(lang, "auth.googleFailed"));
    // Nobody was signed in.
    await page.goto(`${app.origin}/dashboard/model`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});

test("without Google configured, the Google button is not shown", async ({ page }) => {
  for (const path of ["/login", "/register/affiliate", "/register/model"]) {
    await page.goto(`${path}?lang=en`);
    await expect(page.locator("h1")).toBeVisible();
    await expect(googleButton(page, "en")).toHaveCount(0);
  }
});

test("an account Google could not create shows the 'Erro de Login' toast of spec section 8", async ({
  page,
}) => {
  // What Better Auth's callback answers when the account (and its role) could not be made.
  await page.goto("/login?lang=pt&error=unable_to_create_user");
  await waitForHydration(page);
  const toast = page.getByRole("region").locator("ol > li");
  await expect(toast).toContainText(t("pt", "auth.loginErrorTitle"));
  await expect(toast).toContainText(t("pt", "auth.roleFailed"));
  expect(t("pt", "auth.loginErrorTitle")).toBe("Erro de Login");
});
