import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Working as a team (issue 28) with the keyboard alone: an approver takes an application
 * ("Assign to me"), rates it, tags two applications at once from the list, filters the list to
 * hers and saves it as her view "Mine", reloads and opens it. Nothing is clicked: focus moves by
 * Tab or to a named control, and Enter, Space and the arrows do the rest. Axe at 1366 and 390 px;
 * screenshots for a person to look at.
 */

// Screenshots to look at, only when asked for (SHOTS_DIR=<folder>): each costs CI a second.
const SHOTS = process.env.SHOTS_DIR;
const applicants = [
  { fullName: "Equipe Ana Prado", email: "equipe.ana@team.example" },
  { fullName: "Equipe Bia Rocha", email: "equipe.bia@team.example" },
] as const;
const [ana, bia] = applicants;
const TAG = "Destaque equipe";

/** English, with i18next's plural keys (`_one`, `_other`) where a count is given. */
const en = (key: string, vars?: Record<string, string | number>) => {
  if (vars?.count === undefined) return t("en", key, vars);
  return t("en", `${key}_${vars.count === 1 ? "one" : "other"}`, vars);
};

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe("working as a team", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ app, playwright }) => {
    const visitor = await playwright.request.newContext();
    for (const { fullName, email } of applicants) {
      const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
        headers: { origin: app.origin },
        form: {
          fullName,
          age: "24",
          email,
          instagram: "@equipe.studio",
          experience: "beginner",
          message: "Quero trabalhar com uma equipe séria.",
          consent: "on",
        },
      });
      expect(sent.status()).toBe(200);
    }
    await visitor.dispose();
    // The tag, as an admin makes it under Tags.
    const admin = await playwright.request.newContext();
    await app.signIn(admin, "admin");
    const made = await admin.post(`${app.origin}/admin/tags`, {
      headers: { origin: app.origin },
      form: { intent: "create", name: TAG, colour: "lagoon" },
    });
    expect(made.ok()).toBe(true);
    await admin.dispose();
  });

  test("assign, rate, bulk tag, save “Mine” and open it, keyboard only", async ({ app, page }) => {
    test.setTimeout(paced(120_000));
    await page.setViewportSize({ width: 1366, height: 900 });
    const approver = await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/pendentes?q=equipe`);
    await waitForHydration(page);

    // Pendentes opens oldest first: j to the first row (Ana, who applied first), Enter opens it.
    await page.keyboard.press("j");
    await expect(page.getByRole("link", { name: ana.fullName, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("h1")).toHaveText(ana.fullName);
    await waitForHydration(page);

    const team = page.getByRole("region", { name: en("admin.owner.panelTitle") });
    await expect(team).toContainText(en("admin.owner.none"));
    await team.getByRole("button", { name: en("admin.owner.assignMe") }).focus();
    await page.keyboard.press("Enter");
    await expect(team).toContainText(approver.name);
    await expect(team.getByRole("button", { name: en("admin.owner.unassign") })).toBeVisible();

    // Her rating: the stars are a radio group; the arrows move along it, Space picks.
    const stars = team.getByRole("group", { name: en("admin.rating.yours") });
    const star = (count: number) =>
      stars.getByRole("radio", { name: en("admin.rating.stars", { count }) });
    await star(1).focus();
    await page.keyboard.press("Space");
    await expect(star(1)).toBeChecked();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(star(4)).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(team.getByRole("button", { name: en("admin.rating.save") })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(team).toContainText(en("admin.rating.average", { average: "4.0", count: 1 }));
    await expectAccessible(page, "the application's page with its team panel (1366 px)");
    await shot(page, "detail-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, "the application's page with its team panel (390 px)");
    await team.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-team-390.png` });
    await page.setViewportSize({ width: 1366, height: 900 });

    // Back to the list: both ticked, the tag chosen, "Add tag".
    await page.goto(`${app.origin}/admin/pendentes?q=equipe`);
    await waitForHydration(page);
    for (const { fullName } of applicants) {
      const box = page.getByRole("checkbox", {
        name: en("admin.bulk.selectOne", { name: fullName }),
      });
      await box.focus();
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
    }
    const tagging = page.getByRole("group", { name: en("admin.tags.bulkTitle") });
    const choice = tagging.getByRole("combobox", { name: en("admin.tags.title") });
    await choice.focus();
    await page.keyboard.press("ArrowDown");
    await expect(choice.locator("option:checked")).toHaveText(TAG);
    await page.keyboard.press("Tab");
    await expect(tagging.getByRole("button", { name: en("admin.tags.bulkAdd") })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(tagging.getByRole("status")).toHaveText(en("admin.tags.bulkDone", { count: 2 }));
    const table = page.getByRole("table");
    for (const { fullName } of applicants) {
      await expect(table.getByRole("row").filter({ hasText: fullName })).toContainText(TAG);
    }
    // Ana's row: her owner for screen readers, and the average.
    const anaRow = table.getByRole("row").filter({ hasText: ana.fullName });
    await expect(anaRow).toContainText(en("admin.owner.ownedBy", { name: approver.name }));
    await expect(anaRow).toContainText("4.0");

    // Her applications: the team filters, Owner "Mine", Apply.
    await page.getByText(en("admin.views.moreFilters")).focus();
    await page.keyboard.press("Enter");
    const owner = page.getByRole("combobox", { name: en("admin.owner.filter") });
    await owner.focus();
    await page.keyboard.press("ArrowDown");
    await expect(owner.locator("option:checked")).toHaveText(en("admin.owner.filterMine"));
    await page.getByRole("button", { name: en("admin.list.apply") }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]owner=me(&|$)/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText(ana.fullName);

    // Saved under "Mine", as a view of her own.
    await page.getByText(en("admin.views.manage")).focus();
    await page.keyboard.press("Enter");
    const name = page.getByRole("textbox", { name: en("admin.views.name") });
    await name.focus();
    await page.keyboard.type("Mine");
    await page.keyboard.press("Enter");
    const views = page.getByRole("navigation", { name: en("admin.views.title") });
    const hers = views.getByRole("list").first().getByRole("link", { name: "Mine" });
    await expect(hers).toHaveCount(2); // the built-in one and hers
    await expectAccessible(page, "the list with its views, filters and tagging (1366 px)");
    await shot(page, "list-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, "the list with its views, filters and tagging (390 px)");
    await shot(page, "list-390");
    await page.setViewportSize({ width: 1366, height: 900 });

    // Reload, from the whole list, and open hers.
    await page.goto(`${app.origin}/admin/cadastros`);
    await page.reload();
    await waitForHydration(page);
    await hers.last().focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/pendentes\?.*owner=me/);
    await expect(hers.last()).toHaveAttribute("aria-current", "page");
    await expect(table.getByRole("row").filter({ hasText: ana.fullName })).toHaveCount(1);
    await expect(table.getByRole("row").filter({ hasText: bia.fullName })).toHaveCount(0);
  });

  test("the admin's tags: made and deleted with the keyboard, axe at both widths", async ({
    app,
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await app.signIn(page, "admin");
    await page.goto(`${app.origin}/admin/tags`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("admin.tags.title"));

    // A new tag: its name, a colour from the palette (arrows), Create.
    const fresh = page.getByRole("region", { name: en("admin.tags.new") });
    await fresh.getByRole("textbox", { name: en("admin.tags.name") }).focus();
    await page.keyboard.type("Efêmera");
    await page.keyboard.press("Tab");
    await expect(fresh.getByRole("radio", { name: en("admin.tags.colours.teal") })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(fresh.getByRole("radio", { name: en("admin.tags.colours.lagoon") })).toBeChecked();
    await fresh.getByRole("button", { name: en("admin.tags.create") }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText(en("admin.tags.created"));
    const existing = page.getByRole("region", { name: en("admin.tags.existing") });
    await expect(existing.getByRole("textbox", { name: en("admin.tags.name") })).toHaveCount(2);

    // Deleting asks first, naming what happens.
    await expect(page.getByLabel(en("admin.tags.deleteLabel", { name: "Efêmera" }))).toHaveCount(1);
    await page.getByLabel(en("admin.tags.deleteLabel", { name: "Efêmera" })).focus();
    await page.keyboard.press("Enter");
    await expect(existing).toContainText(en("admin.tags.deleteExplain", { name: "Efêmera" }));
    await page.keyboard.press("Tab");
    await expect(
      existing.getByRole("button", { name: en("admin.tags.deleteConfirm") }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText(en("admin.tags.deleted"));
    await expect(existing.getByRole("textbox", { name: en("admin.tags.name") })).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: en("admin.tags.name") }).first()).toBeVisible();
    await expectAccessible(page, "the tags screen (1366 px)");
    await shot(page, "tags-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, "the tags screen (390 px)");
    await shot(page, "tags-390");
  });
});
