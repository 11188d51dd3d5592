import type { Page } from "@playwright/test";
import { expect, languages, t, test, waitForHydration } from "./fixtures.ts";

/**
 * The brand's display face on a first visit (issue 26, decision 039): every page preloads it, so
 * the first page's headings are in Fraunces when the connection brings it in time; when it does
 * not, the headings keep a fallback resized to Fraunces' metrics, nothing moves when the font
 * arrives late, and a heading wraps on the same lines in either face.
 */

/** The font the browser really drew the element's text with (not the CSS stack). */
async function drawnFont(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  await cdp.send("CSS.enable");
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName).join(", ");
}

/** Holds every request for the display font until `release` is called. */
async function holdFont(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/fraunces-[^/]*\.woff2$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test("a first visit preloads the display face and draws its headings in it", async ({ page }) => {
  await page.goto("/?lang=pt");
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute("href", /\/assets\/fraunces-600-latin-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute("crossorigin", "anonymous");
  await waitForHydration(page);
  expect(await drawnFont(page, "h1")).toBe("Fraunces");
  // One request: the preload is the one the stylesheet's @font-face uses.
  const requests = await page.evaluate(
    () =>
      performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".woff2"))
        .length,
  );
  expect(requests).toBe(1);

  // The next page, reached by a client-side navigation, too.
  await waitForHydration(page, "header");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: t("pt", "nav.contact") })
    .click();
  await expect(page.locator("h1")).toHaveText(t("pt", "contact.title"));
  expect(await drawnFont(page, "h1")).toBe("Fraunces");
});

test("a font that comes too late is not swapped in: the headings keep the fallback and nothing moves", async ({
  page,
}) => {
  const release = await holdFont(page);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  // Not "load": the page's load waits for the font it preloads.
  await page.goto("/?lang=en", { waitUntil: "commit" });
  await waitForHydration(page);
  const heading = page.locator("h1");
  expect(await drawnFont(page, "h1")).toBe("DejaVu Serif");
  const before = await heading.boundingBox();

  release();
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => entry.name.endsWith(".woff2")),
  );
  await page.waitForTimeout(500);
  expect(await drawnFont(page, "h1")).toBe("DejaVu Serif");
  expect(await heading.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual(
    [],
  );
});

test.describe("the fallback wraps a heading as Fraunces does", () => {
  for (const width of [390, 1366]) {
    test(`at ${width} px, in every language`, async ({ browser }) => {
      const lines = async (withFont: boolean, lang: string) => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        if (!withFont) await page.route(/\.woff2$/, (route) => route.abort());
        await page.goto(`/?lang=${lang}`);
        await page.evaluate(() => document.fonts.ready);
        const drawn = await drawnFont(page, "h1");
        const count = await page.locator("h1").evaluate((h1) => {
          const range = document.createRange();
          range.selectNodeContents(h1);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        await context.close();
        return { drawn, count };
      };
      for (const lang of languages) {
        const brand = await lines(true, lang);
        const fallback = await lines(false, lang);
        expect(brand.drawn, lang).toBe("Fraunces");
        expect(fallback.drawn, lang).toBe("DejaVu Serif");
        expect(fallback.count, `${lang}: the hero's title on as many lines`).toBe(brand.count);
      }
    });
  }
});
