import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import {
  expect,
  hydratePart,
  isSameDocument,
  markDocument,
  t,
  test,
  waitForHydration,
} from "./fixtures.ts";

/**
 * The home page's sections below the services and the footer of the public pages bring their
 * code when she scrolls near them (decision 019). Until then they are the server's HTML: these
 * tests hold that they lose nothing by it.
 */

const lazyCode = /\/assets\/(home-below-the-fold|preselection|blog-cards|site-footer)-[^/]*\.js$/;

/** The scripts the page has asked for so far. */
function scriptsOf(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

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

test("the lower sections and the footer load their code only when she scrolls to them", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto("/?lang=pt");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((url) => lazyCode.test(url))).toEqual([]);
  // Their content is there all the same, as the server sent it.
  await expect(page.getByRole("heading", { name: t("pt", "faq.title") })).toHaveCount(1);
  await expect(page.locator("#preselection form")).toHaveCount(1);
  expect(await isHydrated(page, "#faq")).toBe(false);
  await expectAccessible(page, "/ before the lower sections' code");

  await page.locator("#faq").scrollIntoViewIfNeeded();
  await waitForHydration(page, "#faq");
  expect(scripts.some((url) => lazyCode.test(url))).toBe(true);

  // One answer open at a time.
  const questions = page.locator("#faq details");
  await questions.nth(0).locator("summary").click();
  await expect(questions.nth(0)).toHaveAttribute("open", "");
  await questions.nth(1).locator("summary").click();
  await expect(questions.nth(1)).toHaveAttribute("open", "");
  await expect(questions.nth(0)).not.toHaveAttribute("open");
  await expectAccessible(page, "/ with the lower sections hydrated");

  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await waitForHydration(page, "footer");
});

test("what she types before the form's code arrives is kept, and sent with it", async ({
  page,
}) => {
  // The code of the lower sections is held back until she has filled in the form.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-below-the-fold-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/?lang=pt");
  await waitForHydration(page);
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

  // Sent by the form's code: a toast, no page load.
  await page.getByRole("button", { name: t("pt", "preselection.submit") }).click();
  await expect(page.getByText(t("pt", "preselection.sentTitle"), { exact: true })).toBeVisible();
  await expect(field(page, "fullName")).toHaveValue("");
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
  // render the form's sending, and the header and the first screen, still waiting for a pointer,
  // must come all the same, or the answer waits for them forever (decision 019, amended).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: t("pt", "preselection.submit") }).click();
  await answered;
  await page.waitForTimeout(100);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  await expect(page.getByText(t("pt", "preselection.sentTitle"), { exact: true })).toBeVisible();
});

test("a language switch before she scrolls translates the lower sections and the footer", async ({
  page,
}) => {
  await page.goto("/?lang=pt");
  await waitForHydration(page);
  await hydratePart(page, "site-header");
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
  await hydratePart(page, "site-header");
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

test("a click on a footer button before its code arrives is answered once it has", async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/site-footer-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/?lang=pt");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("button", { name: "Instagram" }).click();
  release();
  await expect(page.getByText(t("pt", "footer.socialSoon")).first()).toBeVisible();
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
