import type { Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the server HTML: hydrated elements carry React's fiber key.
 * (The element is in the server HTML already, so it being visible proves nothing.) By default the
 * page's frame: every layout's <main>, hydrated with the page, the header and the footer in one go.
 */
export async function waitForHydration(page: Page, selector = "main") {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  }, selector);
}
