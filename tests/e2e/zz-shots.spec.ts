import { expect, t, test, waitForHydration } from "./fixtures.ts";
const en = (key: string) => t("en", key);
for (const width of [390, 1366, 1920]) {
  test(`shots ${width}`, async ({ app, page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await app.signIn(page, "editor");
    await page.goto(`${app.origin}/admin/blog`);
    await waitForHydration(page);
    await page.locator("summary", { hasText: en("admin.blog.new") }).click();
    await page.getByLabel(en("admin.blog.fields.title")).fill("Como organizar sua rotina de criação");
    await page.getByRole("button", { name: en("admin.blog.create") }).click();
    await expect(page).toHaveURL(/created=1/);
    await waitForHydration(page);
    const dir = "/work/shots/i27-main";
    await page.screenshot({ path: `${dir}/editor-${width}-empty.png` });
    await page.getByRole("textbox", { name: en("admin.blog.fields.body") }).click();
    await page.keyboard.type("The first line is visible while typing.");
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${dir}/editor-${width}-typed.png` });
    await page.screenshot({ path: `${dir}/editor-${width}-full.png`, fullPage: true });
    await page.getByRole("button", { name: en("admin.blog.publishNow") }).first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${dir}/editor-${width}-refused.png` });
    await page.screenshot({ path: `${dir}/editor-${width}-refused-full.png`, fullPage: true });
  });
}
