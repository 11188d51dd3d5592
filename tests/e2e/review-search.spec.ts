import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Search that finds (issue 28): an approver finds applications by a surname in the middle of a
 * name, by digits of a WhatsApp number typed differently from how she gave it, and by an
 * Instagram handle, from the list with the keyboard alone, and opens the one found. A search
 * that finds nothing says where it looked and offers the list back.
 */

// Names, digits and handles no other spec uses.
const rosa = {
  fullName: "Rosa Duarte Buscada",
  email: "rosa.buscada@search.example",
  whatsapp: "+55 48 99912-3456",
  instagram: "@rosa.modelo",
};
const lia = {
  fullName: "Lia Prado Buscada",
  email: "lia.buscada@search.example",
  instagram: "@anabuscada.studio",
};

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const SHOTS = process.env.SHOTS_DIR;

/** "/" to the search field, the text typed over what was there, Enter. */
async function search(page: Page, text: string) {
  await page.keyboard.press("/");
  const field = page.getByRole("searchbox");
  await expect(field).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
  await page.keyboard.press("Escape");
}

/** j until the focus is on her row's link (the list may hold others that match). */
async function walkTo(page: Page, name: string) {
  const link = page.getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  for (let i = 0; i < 50; i++) {
    await page.keyboard.press("j");
    if (await link.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(link).toBeFocused();
}

test.describe("the review list's search", () => {
  test.beforeAll(async ({ app, playwright }) => {
    for (const applicant of [rosa, lia]) {
      const visitor = await playwright.request.newContext();
      const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
        headers: { origin: app.origin },
        form: {
          age: "24",
          experience: "beginner",
          message: "Quero conhecer a agência.",
          consent: "on",
          ...applicant,
        },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      await visitor.dispose();
    }
  });

  test("a surname, phone digits and a handle, found and opened with the keyboard", async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(90_000));
    await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/cadastros`);
    await waitForHydration(page);
    const field = page.getByRole("searchbox");
    // What the box finds is said where it is typed, also to a screen reader.
    await expect(field).toHaveAttribute("placeholder", en("admin.search.placeholder"));
    await expect(field).toHaveAccessibleDescription(en("admin.search.hint"));

    await search(page, "duarte");
    await walkTo(page, rosa.fullName);

    // Her number as given was +55 48 99912-3456: four of its digits find her.
    await search(page, "9912");
    await walkTo(page, rosa.fullName);
    await expectAccessible(page, "the list searched by phone digits");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-9912-1366.png` });

    await search(page, "@ana");
    await expect(page.getByRole("link", { name: rosa.fullName, exact: true })).toHaveCount(0);
    await walkTo(page, lia.fullName);
    await page.keyboard.press("Enter");
    await expect(page.locator("h1")).toHaveText(lia.fullName);
    // Her page keeps the search, so j and k walk what was found.
    await expect(page).toHaveURL(/\/admin\/cadastros\/\d+\?q=%40ana$/);
  });

  test("a search that finds nothing says where it looked and clears itself", async ({
    app,
    page,
  }) => {
    await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/pendentes?q=${encodeURIComponent("zq nobody 77")}`);
    await waitForHydration(page);
    await expect(
      page.getByText(en("admin.search.noMatch", { search: "zq nobody 77" })),
    ).toBeVisible();
    await expect(page.getByText(en("admin.search.searched"))).toBeVisible();
    await expectAccessible(page, "a search that found nothing");
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/search-nothing-1366.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/search-nothing-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    const clear = page.getByRole("link", { name: en("admin.search.clear") });
    await clear.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${app.origin}/admin/pendentes`);
    await expect(page.getByRole("searchbox")).toHaveValue("");
  });
});
