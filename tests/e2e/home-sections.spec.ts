import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, isSameDocument, markDocument, t, test, waitForHydration } from "./fixtures.ts";

/**
 * The home page's sections and the public pages' footer, as the server sends them and once the
 * page's code has come (with the page: no part of it waits for a scroll or a pointer any more,
 * issue 26): nothing typed before the code arrives is lost, an answer is never missed, a language
 * switch and a client-side navigation render every section, and without JavaScript all of it is
 * there.
 */

const isHydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));

const application = {
  fullName: "Bruna Lazzari",
  age: "27",
  email: `bruna.lazzari.${Date.now()}@example.com`,
  whatsapp: "+55 48 98888-7777",
  instagram: "@bruna.lazzari",
  message: "Escrevi isto antes de o formulário estar pronto, e nada se perdeu.",
};

const field = (page: Page, key: string) =>
  page.getByLabel(t("pt", `preselection.${key}`), { exact: true });

test("the FAQ opens one answer at a time; the page passes axe", async ({ page }) => {
  await page.goto("/?lang=pt");
  await waitForHydration(page);
  await expectAccessible(page, "/ hydrated");
  const questions = page.locator("#faq details");
  await questions.nth(0).locator("summary").click();
  await expect(questions.nth(0)).toHaveAttribute("open", "");
  await questions.nth(1).locator("summary").click();
  await expect(questions.nth(1)).toHaveAttribute("open", "");
  await expect(questions.nth(0)).not.toHaveAttribute("open");
  await expectAccessible(page, "/ with an answer open");
  await waitForHydration(page, "footer");
});

test("what she types before the form's code arrives is kept, and sent with it", async ({
  page,
}) => {
  // The home page's code is held back until she has filled in the form (a slow connection).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/?lang=pt");
  await markDocument(page);

  for (const [key, value] of Object.entries(application)) {
    await field(page, key).pressSequentially(value, { delay: 2 });
  }
  await field(page, "experienceOptions.beginner").check();
  await field(page, "consent").check();
  expect(await isHydrated(page, "#preselection form")).toBe(false);

  release();
  await waitForHydration(page, "#preselection form");
  for (const [key, value] of Object.entries(application)) {
    await expect(field(page, key)).toHaveValue(value);
  }
  await expect(field(page, "experienceOptions.beginner")).toBeChecked();
  await expect(field(page, "consent")).toBeChecked();

  // Sent by the form's code: a toast and the thank-you panel in the form's place, no page load.
  await page.getByRole("button", { name: t("pt", "preselection.submit") }).click();
  await expect(page.getByText(t("pt", "preselection.sentTitle"), { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: t("pt", "thanks.title") })).toBeVisible();
  await expect(field(page, "fullName")).toHaveCount(0);
  expect(await isSameDocument(page), "no full page load").toBe(true);
});

test("a form answered before React renders its sending still shows the answer", async ({
  page,
}) => {
  await page.goto("/?lang=pt");
  await waitForHydration(page);
  await page.locator("#preselection").scrollIntoViewIfNeeded();
  await waitForHydration(page, "#preselection form");
  for (const [key, value] of Object.entries(application)) {
    await field(page, key).fill(key === "email" ? `rapida.${Date.now()}@example.com` : value);
  }
  await field(page, "experienceOptions.beginner").check();
  await field(page, "consent").check();

  // A slow page and a fast server (CI's loaded machine): the answer is in before React gets to
  // render the form's sending.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: t("pt", "preselection.submit") }).click();
  await answered;
  await page.waitForTimeout(100);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  await expect(page.getByText(t("pt", "preselection.sentTitle"), { exact: true })).toBeVisible();
});

test("a language switch translates the lower sections and the footer", async ({ page }) => {
  await page.goto("/?lang=pt");
  await waitForHydration(page);
  await waitForHydration(page, "header");
  await markDocument(page);

  const header = page.getByRole("banner");
  await header.getByLabel(t("pt", "a11y.chooseLanguage", { language: "Português" })).click();
  await header.locator("details").getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await expect(page.locator("#faq-title")).toHaveText(t("en", "faq.title"));
  await expect(page.locator("#preselection-title")).toHaveText(t("en", "preselection.title"));
  await expect(page.getByRole("contentinfo")).toContainText(t("en", "footer.description"));
  expect(await isSameDocument(page), "no full page load").toBe(true);
});

test("a link to the form lands on it, ready", async ({ page }) => {
  await page.goto("/?lang=pt#preselection");
  await waitForHydration(page, "#preselection form");
  await expect(page.locator("#preselection")).toBeInViewport();
});

test("reached by a client-side navigation, the home page renders every section with its code", async ({
  page,
}) => {
  await page.goto("/blog?lang=pt");
  await waitForHydration(page);
  await waitForHydration(page, "header");
  await markDocument(page);
  await page
    .getByRole("banner")
    .getByRole("link", { name: t("pt", "a11y.homeLink") })
    .click();
  await expect(page).toHaveURL(/\/(\?lang=pt)?$/);
  // Hydrated means rendered by React in the browser, straight away: no section waits.
  expect(await isHydrated(page, "#preselection form")).toBe(true);
  expect(await isHydrated(page, "#faq")).toBe(true);
  expect(await isSameDocument(page), "no full page load").toBe(true);
});

test("without JavaScript the lower sections and the footer are there and visible", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  for (const path of ["/?lang=pt", "/blog?lang=pt"]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // In the page as sent, not outlined into a hidden block for a script to reveal.
    expect(await page.locator('div[hidden][id^="S:"]').count()).toBe(0);
  }
  await page.goto("/?lang=pt");
  await expect(page.locator("#faq")).toBeVisible();
  await expect(page.locator("#preselection form")).toBeVisible();
  await context.close();
});
