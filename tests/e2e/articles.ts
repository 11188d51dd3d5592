import type { Page } from "@playwright/test";
import { expect, t, waitForHydration, type AppServer } from "./fixtures.ts";

const en = (key: string) => t("en", key);

/** A new English draft from /admin/blog; leaves the page on its editor and returns its address. */
export async function newArticle(page: Page, app: AppServer, title: string) {
  await page.goto(`${app.origin}/admin/blog`);
  await waitForHydration(page);
  await page.locator("summary", { hasText: en("admin.blog.new") }).click();
  await page.getByLabel(en("admin.blog.fields.title")).fill(title);
  await page.getByRole("button", { name: en("admin.blog.create") }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+\/en\?created=1$/);
  await waitForHydration(page);
  return page.url().split("?")[0]!;
}
