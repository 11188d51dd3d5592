import type { Page } from "@playwright/test";
import { expect, t, test, waitForHydration } from "./fixtures.ts";

/**
 * The display font never holds up a first paint (decision 017): a first visit's headings are in
 * the system serif, the font is fetched only after the page has loaded, and it is used from the
 * next page on, from its first paint, whether that page comes by a client-side navigation or a
 * full load. The script that decides runs from the page's own HTML under its CSP (the fixture
 * fails a test on any CSP report or console error).
 */

const headingFont = (page: Page) =>
  page.locator("h1").evaluate((h1) => getComputedStyle(h1).fontFamily);

test("a first visit waits for no font; the next pages use it", async ({ page }) => {
  await page.goto("/?lang=en");
  await waitForHydration(page);
  await expect(page.locator("html")).not.toHaveClass(/display-font/);
  expect(await headingFont(page)).not.toContain("Fraunces");

  // Fetched, but only once the page had loaded.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("mare:display-font"))).toBe("1");
  const timing = await page.evaluate(() => {
    const font = performance
      .getEntriesByType("resource")
      .find((entry) => entry.name.endsWith(".woff2"));
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { fontStart: font?.startTime, loadEnd: navigation.loadEventStart };
  });
  expect(timing.fontStart).toBeGreaterThanOrEqual(timing.loadEnd);
  // Still the system serif on this page: no swap under her eyes.
  expect(await headingFont(page)).not.toContain("Fraunces");

  // A client-side navigation is a new page: it uses the font.
  await waitForHydration(page, "header");
  await page
    .getByRole("banner")
    .getByRole("navigation")
    .getByRole("link", { name: t("en", "nav.blog") })
    .click();
  await expect(page.locator("h1")).toHaveText(t("en", "blog.title"));
  await expect(page.locator("html")).toHaveClass(/display-font/);
  expect(await headingFont(page)).toContain("Fraunces");

  // So does a full page load, from before React hydrates it.
  await page.goto("/contact?lang=en", { waitUntil: "commit" });
  await page.waitForSelector("h1");
  await expect(page.locator("html")).toHaveClass(/display-font/);
  expect(await headingFont(page)).toContain("Fraunces");
});

test("without the browser's storage the page still works, in the system serif", async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
  });
  await page.goto("/?lang=en");
  await waitForHydration(page);
  await expect(page.locator("html")).not.toHaveClass(/display-font/);
  await expect(page.locator("h1")).toHaveText(t("en", "hero.title"));
});
