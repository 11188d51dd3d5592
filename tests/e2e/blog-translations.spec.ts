import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Translations as the editor makes them (issue 27), at a desktop's width and a phone's: English
 * started from the Portuguese shows the Portuguese to translate and leaves the panel closed and
 * empty; the Portuguese republished with a change flags the English "out of date" in the list and
 * in the editor until "Mark as current"; a scheduled translation's button cancels the schedule.
 * Axe on every state. SHOTS_DIR=<folder> keeps screenshots of each.
 */

const stamp = Date.now().toString(36);
const sizes = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: `${dir}/${name}-${page.viewportSize()!.width}.png`,
    fullPage: true,
  });
}

/** Waits for the autosave of what she just typed. */
async function saved(page: Page) {
  await expect(page.getByRole("status").first()).toContainText(
    t("en", "admin.blog.status.savedAt", { time: "" }).trim(),
    { timeout: paced(10_000) },
  );
}

const bodyBox = (page: Page) =>
  page.getByRole("textbox", { name: t("en", "admin.blog.fields.body") });

for (const size of sizes) {
  test(`a translation started from Portuguese, flagged out of date and marked current (${size.width} px)`, async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(150_000));
    await page.setViewportSize(size);
    await app.signIn(page, "editor", { lang: "en" });

    // The Portuguese article, published.
    const title = `Planejar a semana ${stamp} ${size.width}`;
    await page.goto(`${app.origin}/admin/blog`);
    await waitForHydration(page);
    await page.locator("summary", { hasText: t("en", "admin.blog.new") }).click();
    await page.locator("#new-language").selectOption("pt");
    await page.getByLabel(t("en", "admin.blog.fields.title")).fill(title);
    await page.getByRole("button", { name: t("en", "admin.blog.create") }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/\d+\/pt/);
    await waitForHydration(page);
    const editorUrl = page.url().split("?")[0]!.replace(/\/pt$/, "");
    await page.getByLabel(t("en", "admin.blog.fields.category")).fill("Rotina");
    await page.getByLabel(t("en", "admin.blog.fields.excerpt")).fill("Uma semana em uma tarde.");
    await page
      .getByLabel(t("en", "admin.blog.fields.description"))
      .fill("Planeje a semana em uma tarde.");
    await bodyBox(page).click();
    await page.keyboard.type("Texto em português para traduzir.");
    await saved(page);
    await page.getByRole("button", { name: t("en", "admin.blog.publishNow") }).click();
    await expect(page.getByRole("status").first()).toHaveText(t("en", "admin.blog.done.published"));

    // "Add a language": English, from the Portuguese (the default), its title left to copy.
    const add = page.locator("summary", { hasText: t("en", "admin.blog.addTranslation") });
    await add.click();
    await page.locator("#new-language").selectOption("en");
    const fromPortuguese = page.getByRole("radio", {
      name: t("en", "admin.blog.startFrom", { language: "Portuguese" }),
    });
    await expect(fromPortuguese).toBeChecked();
    await expect(page.getByRole("radio", { name: t("en", "admin.blog.startEmpty") })).toBeVisible();
    await expectAccessible(page, `the add-language panel (${size.width})`);
    await shot(page, "add-language");
    await page.getByRole("button", { name: t("en", "admin.blog.create") }).click();
    await expect(page).toHaveURL(`${editorUrl}/en`);

    // The Portuguese is there to translate in place.
    await expect(bodyBox(page)).toContainText("Texto em português para traduzir.");
    const editor = page.getByRole("form", { name: t("en", "admin.blog.editorLabel") });
    await expect(
      editor.getByRole("textbox", { name: t("en", "admin.blog.fields.title"), exact: true }),
    ).toHaveValue(title);
    await expect(editor.getByLabel(t("en", "admin.blog.fields.excerpt"))).toHaveValue(
      "Uma semana em uma tarde.",
    );
    // The panel is closed, and opened again it is empty, without English.
    await expect(page.locator("#new-title")).toBeHidden();
    await add.click();
    await expect(page.locator("#new-title")).toHaveValue("");
    await expect(page.locator("#new-language option", { hasText: "English" })).toHaveCount(0);
    await add.click();
    await expect(page.locator("#new-title")).toBeHidden();

    // She translates and publishes the English.
    await bodyBox(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("English text, translated.");
    await saved(page);
    await page.getByRole("button", { name: t("en", "admin.blog.publishNow") }).click();
    await expect(page.getByRole("status").first()).toHaveText(t("en", "admin.blog.done.published"));
    await expect(page.getByRole("heading", { name: t("en", "admin.blog.outOfDate") })).toHaveCount(
      0,
    );

    // The Portuguese changes and goes live again.
    await page.goto(`${editorUrl}/pt`);
    await waitForHydration(page);
    await bodyBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Um parágrafo novo.");
    await saved(page);
    await page.getByRole("button", { name: t("en", "admin.blog.update") }).click();
    await expect(page.getByRole("status").first()).toHaveText(t("en", "admin.blog.done.published"));
    // The source itself is never flagged.
    await expect(page.getByRole("heading", { name: t("en", "admin.blog.outOfDate") })).toHaveCount(
      0,
    );

    // In the list: the English row of this article says it is behind the Portuguese.
    await page.goto(`${app.origin}/admin/blog?q=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByRole("link", { name: /^en/i })).toContainText(
      t("en", "admin.blog.outOfDate"),
    );
    await expect(row).toContainText(
      t("en", "admin.blog.outOfDateWith", { language: "Portuguese" }),
    );
    await expect(row.getByRole("link", { name: /^pt/i })).not.toContainText(
      t("en", "admin.blog.outOfDate"),
    );
    await expectAccessible(
      page,
      `the article list with an out-of-date translation (${size.width})`,
    );
    await shot(page, "list-out-of-date");

    // In the English editor: the notice, a way to the Portuguese, and "Mark as current".
    await page.goto(`${editorUrl}/en`);
    await waitForHydration(page);
    const notice = page.getByRole("region", { name: t("en", "admin.blog.outOfDate") });
    await expect(notice).toContainText(
      t("en", "admin.blog.outOfDateNotice", { language: "Portuguese" }),
    );
    await expect(
      notice.getByRole("link", {
        name: t("en", "admin.blog.openSource", { language: "Portuguese" }),
      }),
    ).toHaveAttribute("href", `${new URL(editorUrl).pathname}/pt`);
    await expectAccessible(page, `the out-of-date editor (${size.width})`);
    await shot(page, "editor-out-of-date");
    await notice.getByRole("button", { name: t("en", "admin.blog.markCurrent") }).click();
    const marked = page.getByRole("status").filter({
      hasText: t("en", "admin.blog.done.marked-current"),
    });
    await expect(marked).toBeFocused();
    await expect(notice).toHaveCount(0);
    await expectAccessible(page, `the editor marked current (${size.width})`);
    await page.reload();
    await expect(notice).toHaveCount(0);
    await page.goto(`${app.origin}/admin/blog?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("row").filter({ hasText: title })).not.toContainText(
      t("en", "admin.blog.outOfDate"),
    );
  });

  test(`a scheduled translation's button cancels the schedule (${size.width} px)`, async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(90_000));
    await page.setViewportSize(size);
    await app.signIn(page, "editor", { lang: "en" });
    await page.goto(`${app.origin}/admin/blog`);
    await waitForHydration(page);
    await page.locator("summary", { hasText: t("en", "admin.blog.new") }).click();
    await page.locator("#new-language").selectOption("it");
    await page
      .getByLabel(t("en", "admin.blog.fields.title"))
      .fill(`Più tardi ${stamp} ${size.width}`);
    await page.getByRole("button", { name: t("en", "admin.blog.create") }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/\d+\/it/);
    await waitForHydration(page);
    await page.getByLabel(t("en", "admin.blog.fields.category")).fill("Crescita");
    await page.getByLabel(t("en", "admin.blog.fields.excerpt")).fill("Un riassunto.");
    await page.getByLabel(t("en", "admin.blog.fields.description")).fill("Una descrizione.");
    await bodyBox(page).click();
    await page.keyboard.type("Un testo da programmare.");
    await saved(page);
    // Tomorrow at noon, Brasília time.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 - 3 * 3_600_000);
    await page
      .getByLabel(t("en", "admin.blog.publishAt"))
      .fill(`${tomorrow.toISOString().slice(0, 10)}T12:00`);
    await page.getByRole("button", { name: t("en", "admin.blog.schedule") }).click();
    await expect(page.getByRole("status").first()).toHaveText(t("en", "admin.blog.done.scheduled"));

    const cancel = page.getByRole("button", { name: t("en", "admin.blog.cancelSchedule") });
    await expect(cancel).toBeVisible();
    await expect(page.getByRole("button", { name: t("en", "admin.blog.unpublish") })).toHaveCount(
      0,
    );
    await expectAccessible(page, `a scheduled translation (${size.width})`);
    await shot(page, "editor-scheduled");
    await cancel.click();
    await expect(page.getByRole("status").first()).toHaveText(
      t("en", "admin.blog.done.unscheduled"),
    );
    await expect(cancel).toHaveCount(0);
    await expectAccessible(page, `a cancelled schedule (${size.width})`);
  });
}
