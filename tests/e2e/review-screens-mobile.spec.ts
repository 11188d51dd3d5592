import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";

/**
 * The back office on a phone (issue 28, "Screens that fit"): one Menu instead of seventeen links
 * before the page, grouped as the sidebar is; no keyboard hint on a touch screen; the
 * affiliates' money in view without scrolling sideways.
 */
test.skip(({ isMobile }) => !isMobile, "phone layout only");

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);

test("the admin menu on a phone: closed, grouped, and closed again on the chosen screen", async ({
  app,
  page,
}) => {
  await app.signIn(page, "admin");
  await page.goto(`${app.origin}/admin/pendentes`);
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: en("admin.nav.label") });
  const menu = nav.locator("summary", { hasText: en("admin.nav.menu") });
  // Closed, naming the open screen; the page's own heading right under it.
  await expect(menu).toContainText(en("admin.nav.pending"));
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(page.locator("h1")).toBeInViewport();
  // No keys to press on a touch screen.
  await expect(page.getByRole("button", { name: en("admin.keys.hint") })).toBeHidden();

  await menu.tap();
  for (const group of ["review", "people", "content", "settings", "reports"]) {
    await expect(nav.getByRole("group", { name: en(`admin.nav.groups.${group}`) })).toBeVisible();
  }
  await expectAccessible(page, "the admin menu open on a phone");
  await nav.getByRole("link", { name: en("admin.affiliates.nav") }).tap();
  await expect(page).toHaveURL(`${app.origin}/admin/afiliados`);
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(menu).toContainText(en("admin.affiliates.nav"));

  // Each affiliate's balance is in view, whole: nothing of the money is behind a sideways scroll.
  const balance = page.getByRole("table").getByRole("row").nth(1).locator("td").last();
  await expect(balance).toContainText("R$");
  await expect(balance).toBeInViewport({ ratio: 1 });
});
