import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type Lang } from "./fixtures.ts";

/**
 * The home page as an applicant on a phone lives it (issue 26, "One clear way to apply"): the
 * mobile menu closes on Escape, on a language change and on navigation; the six services fit
 * about one screen; applying stays one tap away while she scrolls; the hero shows its art on
 * the first screen. At 390 × 844, the width of the phones most of her visitors use.
 */
test.skip(({ isMobile }) => !isMobile, "phone layout only");
test.use({ viewport: { width: 390, height: 844 } });

async function home(page: Page, lang: Lang) {
  await page.goto(`/?lang=${lang}`);
  await waitForHydration(page);
  return page.locator('button[aria-controls="mobile-menu"]');
}

test.describe("the mobile menu", () => {
  test("closes on Escape and gives the focus back to its button", async ({ page }) => {
    const menuButton = await home(page, "pt");
    const menu = page.locator("#mobile-menu");
    await menuButton.tap();
    await expect(menu).toBeVisible();
    await menu.getByRole("link").first().focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
    // Escape with the menu closed changes nothing.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("closes when she chooses another language", async ({ page }) => {
    const menuButton = await home(page, "pt");
    const menu = page.locator("#mobile-menu");
    await menuButton.tap();
    await expect(menu).toBeVisible();
    await page.locator(".language-picker > summary").tap();
    await page.getByRole("banner").getByRole("link", { name: "Italiano" }).tap();
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAccessibleName(t("it", "a11y.openMenu"));
  });

  test("closes on navigation, also by the browser's back button", async ({ page }) => {
    const menuButton = await home(page, "en");
    const menu = page.locator("#mobile-menu");
    await menuButton.tap();
    await menu.getByRole("link", { name: t("en", "nav.blog") }).tap();
    await expect(page).toHaveURL(/\/blog/);
    await expect(menu).toBeHidden();
    await menuButton.tap();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?lang=en$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("the home page on a phone", () => {
  test("shows the hero's art and the call to action on the first screen", async ({ page }) => {
    await home(page, "pt");
    const art = page.locator(".hero-art img");
    await expect(art).toBeVisible();
    await expect(art).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("link", { name: t("pt", "hero.ctaPrimary") })).toBeInViewport({
      ratio: 1,
    });
    const box = (await art.boundingBox())!;
    expect(box.height).toBeGreaterThan(100);
  });

  test("fits the six services in about one screen, every text readable", async ({ page }) => {
    await home(page, "pt");
    const services = page.locator("#services");
    const items = services.getByRole("listitem");
    await expect(items).toHaveCount(6);
    for (const key of ["strategy", "content", "marketing", "engagement", "privacy", "coaching"]) {
      await expect(services.getByText(t("pt", `services.${key}.text`))).toBeVisible();
    }
    // All six at once on the screen below the sticky header; with the heading, little more.
    const list = (await services.getByRole("list").boundingBox())!;
    const section = (await services.boundingBox())!;
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(list.height).toBeLessThanOrEqual(844 - header.height);
    expect(section.height).toBeLessThanOrEqual(844 * 1.15);
    // And still readable: no text under 14 px.
    const smallest = await items.evaluateAll((lis) =>
      Math.min(...lis.map((li) => parseFloat(getComputedStyle(li.querySelector("p")!).fontSize))),
    );
    expect(smallest).toBeGreaterThanOrEqual(14);
  });

  for (const lang of ["pt", "sv", "de"] as const) {
    test(`keeps applying one tap away while she scrolls (${lang})`, async ({ page }) => {
      await home(page, lang);
      const header = page.getByRole("banner");
      const apply = header.getByRole("link", { name: t(lang, "nav.preselection") });
      // Nothing in the bar is pushed out of the screen by the longer labels.
      for (const control of [
        apply,
        header.locator(".language-picker > summary"),
        header.locator('button[aria-controls="mobile-menu"]'),
      ]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      for (const section of ["#services", "#testimonials", "#faq", "#preselection"]) {
        await page.locator(section).scrollIntoViewIfNeeded();
        await expect(apply).toBeInViewport({ ratio: 1 });
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await apply.tap();
      await expect(page).toHaveURL(/\/register\/model/);
    });
  }

  test("moves nothing while it loads and scrolls (CLS 0), and passes axe", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          (window as unknown as { shifts: number }).shifts += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await home(page, "pt");
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    await expectAccessible(page, "/ at 390 px");
  });
});
