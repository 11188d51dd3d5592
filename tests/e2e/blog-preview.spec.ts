import type AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type AppServer } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The editor sees her article as visitors will, and shares it (issue 27): the preview in the
 * public page's own frame at a phone's width or a desktop's (a toggle with aria-pressed, kept for
 * the session), showing what was just saved; the private link as a full address that opens the
 * draft with no session, with Copy; and the share card as the page's Open Graph tags will draw
 * it, search title first. At 1366 and 390 px, axe on each state, screenshots for a person to see.
 */

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// Screenshots to look at, only when asked for (SHOTS_DIR=<folder>): each costs CI a second.
const SHOTS = process.env.SHOTS_DIR;

const body = (page: Page) => page.getByRole("textbox", { name: en("admin.blog.fields.body") });
const status = (page: Page) => page.getByRole("status").first();

async function expectSaved(page: Page) {
  await expect(status(page)).toContainText(en("admin.blog.status.savedAt", { time: "" }).trim(), {
    timeout: paced(10_000),
  });
}

/** A new English draft with a paragraph, saved; leaves the page on its editor. */
async function draft(page: Page, app: AppServer, title: string, paragraph: string) {
  await page.goto(`${app.origin}/admin/blog`);
  await waitForHydration(page);
  await page.locator("summary", { hasText: en("admin.blog.new") }).click();
  await page.getByLabel(en("admin.blog.fields.title")).fill(title);
  await page.getByRole("button", { name: en("admin.blog.create") }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+\/en\?created=1$/);
  await waitForHydration(page);
  await body(page).click();
  await page.keyboard.type(paragraph);
  await expectSaved(page);
  return page.url().split("?")[0]!;
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    test("the preview shows the page as visitors see it, at a phone's width or a desktop's, what was just saved", async ({
      app,
      page,
    }) => {
      test.setTimeout(paced(90_000));
      await app.signIn(page, "editor");
      const id = unique();
      const editor = await draft(page, app, `Tide tables ${id}`, "High water at noon.");
      // She changes a word; once saved, the preview shows it.
      await body(page).click();
      await page.keyboard.press("ControlOrMeta+End");
      await page.keyboard.type(` Low water at six ${id}.`);
      await expectSaved(page);

      await page.goto(`${editor}/preview`);
      await waitForHydration(page);
      const phone = page.getByRole("button", { name: en("admin.blog.previewFrame.phone") });
      const desktop = page.getByRole("button", { name: en("admin.blog.previewFrame.desktop") });
      await expect(desktop).toHaveAttribute("aria-pressed", "true");
      await expect(phone).toHaveAttribute("aria-pressed", "false");
      const frame = page.frameLocator("iframe");
      await expect(frame.getByRole("article")).toContainText(`Low water at six ${id}.`);
      // The public page's own frame, as someone not signed in sees it.
      await expect(frame.locator("header.site-header")).toBeVisible();
      await expect(frame.getByRole("contentinfo")).toBeAttached();
      await expect(
        frame.getByRole("link", { name: en("nav.preselection") }).first(),
      ).toBeAttached();
      const frameWidth = () =>
        page.locator("iframe").evaluate((element: HTMLIFrameElement) => element.clientWidth);
      const desktopWidth = await frameWidth();
      if (width > 500) expect(desktopWidth).toBeGreaterThan(900);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-desktop-${width}.png` });
      // Each document on its own: axe would otherwise count the framed page's landmarks as the
      // preview's own (two banners, two mains).
      const own = (axe: AxeBuilder) => axe.exclude("iframe");
      await expectAccessible(page, `the preview at full width (${width} px)`, own);

      // With the keyboard: the phone's width, exactly 390 px where the screen has room.
      await phone.focus();
      await page.keyboard.press("Enter");
      await expect(phone).toHaveAttribute("aria-pressed", "true");
      await expect(desktop).toHaveAttribute("aria-pressed", "false");
      await expect.poll(frameWidth).toBe(width > 500 ? 390 : Math.min(390, desktopWidth - 16));
      await expect(frame.getByRole("article")).toContainText(`Low water at six ${id}.`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-phone-${width}.png` });
      await expectAccessible(page, `the preview at a phone's width (${width} px)`, own);

      // Remembered for the session: the next preview opens at the phone's width.
      await page.reload();
      await waitForHydration(page);
      await expect(phone).toHaveAttribute("aria-pressed", "true");
      await desktop.click();
      await expect(desktop).toHaveAttribute("aria-pressed", "true");
      await expect.poll(frameWidth).toBe(desktopWidth);
      // The framed page itself, as its own document.
      await page.goto(`${editor}/preview/page`);
      await waitForHydration(page);
      await expectAccessible(page, `the previewed page (${width} px)`);
    });

    test("the private link is a full address she copies, and it opens the draft with no session", async ({
      app,
      browser,
    }) => {
      test.setTimeout(paced(90_000));
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.origin });
      const page = await context.newPage();
      await app.signIn(page, "editor");
      const id = unique();
      await draft(page, app, `Harbour lights ${id}`, `The lighthouse turns ${id}.`);
      await page.getByRole("button", { name: en("admin.blog.previewLink") }).click();
      await expect(status(page)).toHaveText(en("admin.blog.done.preview-link"));
      const field = page.getByLabel(en("admin.blog.privateLink.label"));
      const url = await field.inputValue();
      expect(url).toMatch(new RegExp(`^${app.origin}/blog/preview/[\\w-]{32}$`));
      await expect(field).toHaveAttribute("readonly", "");
      // Share only where the device can share.
      const canShare = await page.evaluate(() => typeof navigator.share === "function");
      await expect(
        page.getByRole("button", { name: en("admin.blog.privateLink.share") }),
      ).toHaveCount(canShare ? 1 : 0);
      await page.getByRole("button", { name: en("admin.blog.privateLink.copy") }).click();
      await expect(page.getByText(en("admin.blog.privateLink.copied"))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await field.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/private-link-${width}.png` });
      await expectAccessible(page, `the editor with a private link copied (${width} px)`);

      const visitor = await browser.newContext();
      const answer = await (await visitor.newPage()).goto(url);
      expect(answer?.status()).toBe(200);
      expect(await answer?.text()).toContain(`The lighthouse turns ${id}.`);
      await visitor.close();
      await context.close();
    });
  });
}

test("without a clipboard, Copy selects the address for her to copy", async ({ app, page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
  });
  await app.signIn(page, "editor");
  const id = unique();
  await draft(page, app, `Sandbars ${id}`, "Mind the sandbars.");
  await page.getByRole("button", { name: en("admin.blog.previewLink") }).click();
  await expect(status(page)).toHaveText(en("admin.blog.done.preview-link"));
  await page.getByRole("button", { name: en("admin.blog.privateLink.copy") }).click();
  await expect(page.getByText(en("admin.blog.privateLink.selected"))).toBeVisible();
  const field = page.getByLabel(en("admin.blog.privateLink.label"));
  await expect(field).toBeFocused();
  const selected = await field.evaluate((input: HTMLInputElement) =>
    input.value.slice(input.selectionStart!, input.selectionEnd!),
  );
  expect(selected).toBe(await field.inputValue());
});

test("the share card shows the search title as she types, else the title, with the site's host", async ({
  app,
  page,
}) => {
  test.setTimeout(paced(60_000));
  await page.setViewportSize({ width: 1366, height: 900 });
  await app.signIn(page, "editor");
  const id = unique();
  await draft(page, app, `Surf season ${id}`, "The swell arrives in May.");
  const card = page.getByTestId("social-card");
  await expect(card).toContainText(`Surf season ${id} | Maré Talent`);
  await expect(card).toContainText(new URL(app.origin).host);
  await page.getByLabel(en("admin.blog.fields.seoTitle")).fill(`Surfing Floripa ${id}`);
  await page
    .getByLabel(en("admin.blog.fields.description"))
    .fill("When the waves are best, and where.");
  await expect(card).toContainText(`Surfing Floripa ${id}`);
  await expect(card).not.toContainText("| Maré Talent");
  await expect(card).toContainText("When the waves are best, and where.");
  await expectSaved(page);
  await card.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/social-card-1366.png` });
  await expectAccessible(page, "the editor with its share card");
  // Saved: the card still says it after a reload.
  await page.reload();
  await waitForHydration(page);
  await expect(card).toContainText(`Surfing Floripa ${id}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/social-card-390.png` });
  await expectAccessible(page, "the editor with its share card at 390 px");
});

test("only the editor's preview page may be framed, and only by this site", async ({
  app,
  page,
  request,
}) => {
  await app.signIn(page, "editor");
  const editor = await draft(page, app, `Framed ${unique()}`, "Inside a frame.");
  const framed = await page.request.get(`${editor}/preview/page`);
  expect(framed.status()).toBe(200);
  expect(framed.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(framed.headersArray().filter((h) => h.name.toLowerCase() === "x-frame-options")).toEqual([
    { name: expect.stringMatching(/x-frame-options/i), value: "SAMEORIGIN" },
  ]);
  // Every other page, the editor's own and the public ones, frames nowhere.
  for (const url of [`${editor}/preview`, editor]) {
    const other = await page.request.get(url);
    expect(other.headers()["content-security-policy"], url).toContain("frame-ancestors 'none'");
    expect(other.headers()["x-frame-options"], url).toBe("DENY");
  }
  const visitorPage = await request.get(`${app.origin}/blog`);
  expect(visitorPage.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(visitorPage.headers()["x-frame-options"]).toBe("DENY");
});
