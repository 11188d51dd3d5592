import { expect, t, test, waitForHydration } from "./fixtures.ts";

// Phone layout: the "phone" project of playwright.config.ts (Pixel 7) runs this file.
test.skip(({ isMobile }) => !isMobile, "phone layout only");

test.describe("mobile menu", () => {
  test("replaces the desktop navigation and opens, navigates and closes", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    const desktopNavigation = header.locator("nav:not(#mobile-menu)");
    const mobileMenu = page.locator("#mobile-menu");
    await expect(desktopNavigation).toBeHidden();
    await expect(mobileMenu).toBeHidden();

    // Found by what it controls: its name changes from "open" to "close".
    const menuButton = header.locator('button[aria-controls="mobile-menu"]');
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAccessibleName(t("pt", "a11y.openMenu"));
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    await menuButton.tap();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(menuButton).toHaveAccessibleName(t("pt", "a11y.closeMenu"));
    await expect(mobileMenu).toBeVisible();
    for (const key of ["home", "services", "testimonials", "faq", "blog", "contact", "affiliate"]) {
      // In Portuguese the contact link and the call to action below the links share the spec's
      // label, "Pré-seleção": the link is the first of the two.
      const link = mobileMenu.getByRole("link", { name: t("pt", `nav.${key}`) }).first();
      await expect(link).toBeVisible();
    }

    await mobileMenu.getByRole("link", { name: t("pt", "nav.blog") }).tap();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator("h1")).toHaveText(t("pt", "blog.title"));
    await expect(mobileMenu).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toHaveAccessibleName(t("pt", "a11y.openMenu"));
  });

  test("a section link in the menu scrolls home to the section and closes the menu", async ({
    page,
  }) => {
    await page.goto("/contact?lang=pt");
    await waitForHydration(page);
    const menuButton = page.locator('button[aria-controls="mobile-menu"]');
    await menuButton.tap();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const mobileMenu = page.locator("#mobile-menu");
    await mobileMenu.getByRole("link", { name: t("pt", "nav.faq") }).tap();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(mobileMenu).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#faq")).toBeInViewport();
  });

  test("the menu button closes an open menu again", async ({ page }) => {
    await page.goto("/blog?lang=en");
    await waitForHydration(page);
    const menuButton = page.locator('button[aria-controls="mobile-menu"]');
    await expect(menuButton).toHaveAccessibleName(t("en", "a11y.openMenu"));
    await menuButton.tap();
    await expect(menuButton).toHaveAccessibleName(t("en", "a11y.closeMenu"));
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await menuButton.tap();
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toHaveAccessibleName(t("en", "a11y.openMenu"));
  });
});

test.describe("chatbot on a phone", () => {
  test("fills the screen, with the answer box and its button in reach", async ({ page }) => {
    await page.goto("/contact?lang=pt");
    await waitForHydration(page);
    await page.getByRole("button", { name: t("pt", "contact.chatStart") }).tap();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: t("pt", "chatbot.begin") }).tap();
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    const answer = dialog.locator("#chat-answer");
    await expect(answer).toBeInViewport();
    await expect(dialog.getByRole("button", { name: t("pt", "chatbot.send") })).toBeInViewport();
    // Nothing sticks out sideways.
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);
    await answer.fill("Marina Alves");
    await dialog.getByRole("button", { name: t("pt", "chatbot.send") }).tap();
    await expect(dialog.getByRole("log")).toContainText(t("pt", "chatbot.ask.dateOfBirth"));
  });
});
