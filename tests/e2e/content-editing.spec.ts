import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * FAQ and testimonials as the marketing person edits them (issue 27): a roomy form that says
 * "Saved" and when; a move with the mouse that keeps her focus on the moved item and says where
 * it went; a history that restores an earlier text onto the home page; a translation flagged out
 * of date when its Portuguese source changes, until she marks it current. Axe on each state, at
 * a phone's width and a desktop's. With SHOTS_DIR set, each state is photographed there.
 */

const pt = (key: string, vars?: Record<string, string | number>) => t("pt", key, vars);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const sizes = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  const path = `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}`;
  await page.screenshot({ path: `${path}.png`, fullPage: true });
  // The window as she sees it, with the status at its foot.
  await page.screenshot({ path: `${path}-window.png` });
}

/** Nothing on the page is wider than the window (no sideways scroll). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ }).last();
const list = (page: Page, kind: "faq" | "testimonial") =>
  page.getByRole("region", { name: pt(`admin.content.kinds.${kind}`) });
/** The part of the "Saved at {{time}}" text before the time. */
const savedAt = pt("admin.content.status.saved", { time: "" }).trim();

async function addItem(page: Page, kind: "faq" | "testimonial", title: string, body: string) {
  const form = page.getByRole("region", { name: pt(`admin.content.new.${kind}`) });
  await form
    .getByLabel(pt(`admin.content.fields.${kind === "faq" ? "question" : "name"}`))
    .fill(title);
  await form
    .getByLabel(pt(`admin.content.fields.${kind === "faq" ? "answer" : "quote"}`))
    .fill(body);
  await form.getByRole("button", { name: pt("admin.content.add") }).click();
  await expect(list(page, kind).getByText(title, { exact: true })).toBeVisible();
}

async function deleteItem(page: Page, kind: "faq" | "testimonial", title: string) {
  await list(page, kind)
    .getByLabel(`${pt("admin.content.delete")}: ${title}`)
    .click();
  await list(page, kind)
    .locator("details[open]")
    .getByRole("button", { name: pt("admin.content.deleteConfirm") })
    .click();
  await expect(list(page, kind).getByText(title, { exact: true })).toHaveCount(0);
}

test.describe("editing FAQ and testimonials", () => {
  for (const size of sizes) {
    test(`a save says "Saved" and when; a move keeps focus and says where (${size.width} px)`, async ({
      app,
      page,
      browserErrors,
    }) => {
      // The refused save below is answered 400, which the browser reports in its console.
      browserErrors.allow(/status of 400 .*\/admin\/content\.data/);
      test.setTimeout(paced(120_000));
      await page.setViewportSize(size);
      await app.signIn(page, "editor", { lang: "pt" });
      await page.goto(`${app.origin}/admin/content?kind=testimonial&language=pt`);
      await waitForHydration(page);
      const id = unique();
      const names = [`Lia ${id}`, `Mel ${id}`] as const;
      for (const name of names) await addItem(page, "testimonial", name, `Palavras de ${name}.`);

      // The form: wide, its limits shown, and "Saved at …" said politely after a save.
      await list(page, "testimonial")
        .getByLabel(`${pt("admin.content.edit")}: ${names[0]}`)
        .click();
      const editing = list(page, "testimonial").locator("details[open]");
      const quote = editing.getByLabel(pt("admin.content.fields.quote"));
      await expect(editing).toContainText(
        pt("admin.content.limits.count", { count: `Palavras de ${names[0]}.`.length, max: 1000 }),
      );
      const box = (await quote.boundingBox())!;
      expect(box.width).toBeGreaterThan(size.width > 1000 ? 600 : 280);
      expect(box.height).toBeGreaterThan(120);
      await expectNoSidewaysScroll(page);
      await quote.fill(`Palavras novas de ${names[0]}.`);
      await editing.getByRole("button", { name: pt("admin.content.save") }).click();
      await expect(status(page)).toContainText(savedAt);
      await expect(status(page)).toHaveText(/\d{1,2}:\d{2}/);
      await expect(
        list(page, "testimonial").locator("p", { hasText: "Palavras novas" }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, "saved");
      await expectAccessible(page, `a testimonial saved (${size.width} px)`);

      // An error is at its field, and what she typed is still there.
      await quote.fill("   ");
      await quote.evaluate((element: HTMLTextAreaElement) => (element.required = false));
      await editing.getByRole("button", { name: pt("admin.content.save") }).click();
      const refused = list(page, "testimonial").locator("details[open]");
      await expect(refused.getByLabel(pt("admin.content.fields.quote"))).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(refused).toContainText(pt("admin.content.errors.required"));
      await expect(refused.getByLabel(pt("admin.content.fields.quote"))).toBeFocused();
      await shot(page, "field-error");
      await expectAccessible(page, `a refused save (${size.width} px)`);

      // Moved up with the mouse: focus stays on the moved item's button, its place is said.
      await page.reload();
      await waitForHydration(page);
      const total = await list(page, "testimonial").locator("ol > li").count();
      const up = page.getByRole("button", { name: `${pt("admin.content.up")}: ${names[1]}` });
      await up.click();
      await expect(status(page)).toHaveText(
        pt("admin.content.status.moved", { position: total - 1, total }),
      );
      await expect(up).toBeFocused();
      await expect(
        list(page, "testimonial")
          .locator("ol > li")
          .nth(total - 2),
      ).toContainText(names[1]);
      // The keyboard way: Enter on the focused button moves it again, focus stays with it.
      await page.keyboard.press("Enter");
      await expect(status(page)).toHaveText(
        pt("admin.content.status.moved", { position: total - 2, total }),
      );
      await expect(up).toBeFocused();
      // Moved to the end, the "Down" button is disabled: focus goes to its "Up".
      const down = page.getByRole("button", { name: `${pt("admin.content.down")}: ${names[1]}` });
      await down.click();
      await expect(status(page)).toHaveText(
        pt("admin.content.status.moved", { position: total - 1, total }),
      );
      await expect(down).toBeFocused();
      await down.click();
      await expect(status(page)).toHaveText(
        pt("admin.content.status.moved", { position: total, total }),
      );
      await expect(down).toBeDisabled();
      await expect(up).toBeFocused();
      await shot(page, "moved");
      await expectAccessible(page, `a testimonial moved (${size.width} px)`);

      for (const name of names) await deleteItem(page, "testimonial", name);
    });
  }

  test("a revision restored from the history is what the home page shows again", async ({
    app,
    page,
    browser,
  }) => {
    test.setTimeout(paced(120_000));
    await app.signIn(page, "editor", { lang: "pt" });
    await page.goto(`${app.origin}/admin/content?kind=faq&language=pt`);
    await waitForHydration(page);
    const id = unique();
    const question = `Posso começar aos poucos? ${id}`;
    await addItem(page, "faq", question, `Sim, no seu ritmo. ${id}`);
    await list(page, "faq")
      .getByLabel(`${pt("admin.content.edit")}: ${question}`)
      .click();
    const editing = list(page, "faq").locator("details[open]");
    await editing.getByLabel(pt("admin.content.fields.answer")).fill(`Não. ${id}`);
    await editing.getByRole("button", { name: pt("admin.content.save") }).click();
    await expect(status(page)).toContainText(savedAt);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${app.origin}/?lang=pt`);
    await expect(visitor.locator("#faq")).toContainText(`Não. ${id}`);

    await page
      .getByRole("link", { name: `${pt("admin.content.history.link")}: ${question}` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      pt("admin.content.history.title", { title: question }),
    );
    await waitForHydration(page);
    const compares = page.getByRole("link", {
      name: new RegExp(`^${pt("admin.content.history.compare")}`),
    });
    await expect(compares).toHaveCount(2);
    await compares.last().click();
    const compare = page.getByRole("region", { name: /./ }).filter({ has: page.locator("del") });
    await expect(compare.locator("del")).toContainText("Sim, no seu ritmo");
    await expect(compare.locator("ins")).toContainText("Não");
    for (const size of sizes) {
      await page.setViewportSize(size);
      await expectNoSidewaysScroll(page);
      await shot(page, "history");
      await expectAccessible(page, `an item's history, compared (${size.width} px)`);
    }
    await page.getByRole("button", { name: pt("admin.content.history.restore") }).click();
    await expect(status(page)).toContainText(
      pt("admin.content.status.restored", { time: "" }).split(":")[0]!.trim(),
    );
    await expect(
      page.getByRole("link", { name: new RegExp(`^${pt("admin.content.history.compare")}`) }),
    ).toHaveCount(3);

    await visitor.reload();
    await expect(visitor.locator("#faq")).toContainText(`Sim, no seu ritmo. ${id}`);
    await expect(visitor.locator("#faq")).not.toContainText(`Não. ${id}`);
    await visitor.context().close();

    await page.getByRole("link", { name: pt("admin.content.history.back") }).click();
    await deleteItem(page, "faq", question);
  });

  test("a translation is flagged out of date when its Portuguese changes, until marked current", async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(120_000));
    await app.signIn(page, "editor", { lang: "pt" });
    const id = unique();
    const source = `Quanto custa? ${id}`;
    const translation = `How much does it cost? ${id}`;
    await page.goto(`${app.origin}/admin/content?kind=faq&language=pt`);
    await waitForHydration(page);
    await addItem(page, "faq", source, "Nada.");

    await page.goto(`${app.origin}/admin/content?kind=faq&language=en`);
    await waitForHydration(page);
    const form = page.getByRole("region", { name: pt("admin.content.new.faq") });
    await form.getByLabel(pt("admin.content.translation.label")).selectOption({ label: source });
    await addItem(page, "faq", translation, "Nothing.");
    const row = list(page, "faq").getByRole("listitem").filter({ hasText: translation });
    await expect(row).not.toContainText(pt("admin.content.translation.outOfDate"));

    // The Portuguese changes.
    await page.goto(`${app.origin}/admin/content?kind=faq&language=pt`);
    await waitForHydration(page);
    await list(page, "faq")
      .getByLabel(`${pt("admin.content.edit")}: ${source}`)
      .click();
    const editing = list(page, "faq").locator("details[open]");
    await editing.getByLabel(pt("admin.content.fields.answer")).fill("Nada, nunca.");
    await editing.getByRole("button", { name: pt("admin.content.save") }).click();
    await expect(status(page)).toContainText(savedAt);

    await page.goto(`${app.origin}/admin/content?kind=faq&language=en`);
    await waitForHydration(page);
    await expect(row).toContainText(pt("admin.content.translation.outOfDate"));
    await row.getByLabel(`${pt("admin.content.edit")}: ${translation}`).click();
    const flagged = row.locator("details[open]");
    await expect(flagged).toContainText(pt("admin.content.translation.explain", { title: source }));
    for (const size of sizes) {
      await page.setViewportSize(size);
      await expectNoSidewaysScroll(page);
      await shot(page, "out-of-date");
      await expectAccessible(page, `a translation out of date (${size.width} px)`);
    }
    await flagged
      .getByRole("button", { name: pt("admin.content.translation.markCurrent") })
      .click();
    await expect(status(page)).toContainText(
      pt("admin.content.status.markedCurrent", { time: "" })
        .replace(/\s*\.$/, "")
        .trim(),
    );
    await expect(row).not.toContainText(pt("admin.content.translation.outOfDate"));
    await expectAccessible(page, "a translation marked current");

    await deleteItem(page, "faq", translation);
    await page.goto(`${app.origin}/admin/content?kind=faq&language=pt`);
    await waitForHydration(page);
    await deleteItem(page, "faq", source);
  });
});
