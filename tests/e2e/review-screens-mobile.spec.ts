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

test("an application's decision buttons stay at the bottom of a phone's screen", async ({
  app,
  page,
  playwright,
}) => {
  const visitor = await playwright.request.newContext();
  const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
    headers: { origin: app.origin },
    form: {
      fullName: "Marina Barra Fixa",
      age: "27",
      email: "marina.barra@screens.example",
      instagram: "@marina.barra",
      experience: "beginner",
      message: "Quero trabalhar com uma equipe.",
      consent: "on",
    },
  });
  expect(sent.status()).toBe(200);
  await visitor.dispose();
  await app.signIn(page, "approver");
  await page.goto(`${app.origin}/admin/pendentes?q=marina.barra`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Marina Barra Fixa", exact: true }).tap();
  await expect(page.locator("h1")).toHaveText("Marina Barra Fixa");
  await waitForHydration(page);
  const bar = page.getByRole("group", { name: en("admin.detail.decide") });
  const reject = bar.getByRole("link", { name: en("admin.detail.toReprovado") });
  // In view at the top of her page and at its end, without scrolling to the form.
  await expect(reject).toBeInViewport({ ratio: 1 });
  await page.mouse.wheel(0, 600);
  await expect(reject).toBeInViewport({ ratio: 1 });
  await reject.tap();
  const dialog = page.getByRole("dialog", {
    name: en("admin.keys.rejectTitle", { name: "Marina Barra Fixa" }),
  });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "the rejection dialog from the phone's decision bar");
});
