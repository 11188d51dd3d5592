import type { Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the server HTML: hydrated elements carry React's fiber key.
 * (The element is in the server HTML already, so it being visible proves nothing.) By default the
 * page's frame: every layout's <main>, hydrated with the page. Parts that bring their code later
 * (the header, the home page's sections; decision 019) hydrate when reached: `hydratePart`.
 */
export async function waitForHydration(page: Page, selector = "main") {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  }, selector);
}

/**
 * Reaches a part that hydrates on first use (decision 019) the way a visitor's pointer does, and
 * resolves once its code is here and React has hydrated it. A pointer moving over a part sends
 * `pointerover` again and again, and so does this: one sent before the part listens (its
 * listener comes with the page's hydration) is lost, which is the first-tap failure issue 26
 * takes out with the gate itself.
 */
export async function hydratePart(page: Page, name: string) {
  await page.waitForFunction(
    (part) => {
      const element = document.querySelector(`[data-part="${part}"]`);
      const link = element?.querySelector("a");
      if (link && Object.keys(link).some((key) => key.startsWith("__reactFiber$"))) return true;
      element?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      return false;
    },
    name,
    { polling: 250 },
  );
}
