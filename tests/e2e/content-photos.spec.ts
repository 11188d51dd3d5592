import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./axe.ts";
import { expect, languages, t, test, testimonials, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Images the agency owns (issue 26): an editor gives a testimonial its photo, with the
 * consent box ticked, and the home page shows it in Portuguese and English at once, though
 * both pages were stored (decision 015) before the upload. Axe on the screen and the page.
 * With SHOTS_DIR set, it also sets a hero image (on the Site screen) and a team member and
 * photographs the pages.
 */

const face = (background: string, width = 800, height = 800) =>
  sharp({ create: { width, height, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height * 0.42}" r="${Math.min(width, height) * 0.2}" fill="#f1c9a5"/><ellipse cx="${width / 2}" cy="${height}" rx="${width * 0.35}" ry="${height * 0.3}" fill="#1f4e5f"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

async function givePhoto(page: Page, origin: string, lang: "pt" | "en", name: string) {
  await page.goto(`${origin}/admin/content?kind=testimonial&language=${lang}`);
  await waitForHydration(page);
  await page.getByLabel(`${t("en", "admin.content.edit")}: ${name}`, { exact: true }).click();
  const dialog = page.locator("details[open]");
  await dialog
    .getByLabel(t("en", "admin.content.photo.label"), { exact: true })
    .setInputFiles({ name: "face.jpg", mimeType: "image/jpeg", buffer: await face("#d9a48f") });
  await dialog.getByLabel(t("en", "admin.content.photo.consent")).check();
  await dialog.getByRole("button", { name: t("en", "admin.content.save") }).click();
  await expect(
    page.getByRole("button", { name: `${t("en", "admin.content.photo.remove")}: ${name}` }),
  ).toBeVisible();
}

async function removePhoto(page: Page, origin: string, lang: "pt" | "en", name: string) {
  await page.goto(`${origin}/admin/content?kind=testimonial&language=${lang}`);
  await waitForHydration(page);
  const remove = page.getByRole("button", {
    name: `${t("en", "admin.content.photo.remove")}: ${name}`,
  });
  await remove.click();
  await expect(remove).toHaveCount(0);
}

test.describe("images the agency owns", () => {
  test.describe.configure({ mode: "serial" });

  test("a testimonial photo, uploaded with consent, shows on the stored home page in pt and en", async ({
    app,
    page,
    browser,
  }) => {
    test.setTimeout(paced(120_000));
    const [pt] = await testimonials("pt");
    const [en] = await testimonials("en");
    const visitor = await (await browser.newContext()).newPage();
    // Stored before the upload: each page asked twice.
    for (const lang of ["pt", "en"]) {
      for (let i = 0; i < 2; i++) await visitor.goto(`${app.origin}/?lang=${lang}`);
      await expect(visitor.locator("#testimonials img")).toHaveCount(0);
    }

    await app.signIn(page, "editor", { lang: "en" });
    await givePhoto(page, app.origin, "pt", pt!.name);
    await givePhoto(page, app.origin, "en", en!.name);
    await expect(
      page.getByText(t("en", "admin.content.photo.consentRecord").split("{{who}}")[0]!.trim()),
    ).toBeVisible();
    await expectAccessible(page, "the testimonials with a photo");

    for (const [lang, item] of [
      ["pt", pt!],
      ["en", en!],
    ] as const) {
      await visitor.goto(`${app.origin}/?lang=${lang}`);
      const card = visitor.locator("#testimonials figure").filter({ hasText: item.name });
      const img = card.locator("img");
      await expect(img).toHaveAttribute("src", /^\/media\/\d+-[0-9a-f]{16}-\d+\.webp$/);
      await expect(img).toHaveJSProperty("complete", true);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      await visitor.locator("#testimonials").scrollIntoViewIfNeeded();
      await expectAccessible(visitor, `the home page with a photo (${lang})`);
    }

    if (process.env.SHOTS_DIR) await shots(page, visitor, app.origin);

    await removePhoto(page, app.origin, "pt", pt!.name);
    await removePhoto(page, app.origin, "en", en!.name);
    await visitor.goto(`${app.origin}/?lang=pt`);
    await expect(visitor.locator("#testimonials img")).toHaveCount(0);
  });
});

/** The hero image and a team member set, then every page photographed with and without them. */
async function shots(page: Page, visitor: Page, origin: string) {
  const dir = process.env.SHOTS_DIR!;
  const sizes = [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ];
  const photograph = async (label: string) => {
    for (const size of sizes) {
      await visitor.setViewportSize(size);
      await visitor.goto(`${origin}/?lang=pt`);
      await visitor.screenshot({ path: `${dir}/home-${label}-${size.width}.png`, fullPage: true });
      await page.setViewportSize(size);
      await page.goto(`${origin}/admin/content?kind=testimonial&language=pt`);
      await page.screenshot({ path: `${dir}/content-${label}-${size.width}.png`, fullPage: true });
    }
  };
  await photograph("with-photos");
  await page.goto(`${origin}/admin/content?kind=team`);
  await waitForHydration(page);
  for (const [name, colour] of [
    ["Marina Costa", "#c98b6b"],
    ["Júlia Ramos", "#8fb3c9"],
  ] as const) {
    const add = page.locator("form", { has: page.locator("#team-new-name") });
    await add.locator("#team-new-name").fill(name);
    for (const lang of languages) {
      await page
        .locator(`#team-new-role-${lang}`)
        .fill(lang === "pt" ? "Gerente de contas" : "Account manager");
    }
    await add.locator("#team-new-photo").setInputFiles({
      name: "t.jpg",
      mimeType: "image/jpeg",
      buffer: await face(colour, 900, 1100),
    });
    await add.getByLabel(t("en", "admin.content.photo.consent")).check();
    await page.getByRole("button", { name: t("en", "admin.content.add") }).click();
    await expect(page.getByText(name).first()).toBeVisible();
  }
  await expectAccessible(page, "the team forms");
  // The hero image is set on the Site screen.
  await page.goto(`${origin}/admin/site`);
  await waitForHydration(page);
  await page.locator("#hero-photo").setInputFiles({
    name: "h.jpg",
    mimeType: "image/jpeg",
    buffer: await face("#e7d3bd", 1600, 1400),
  });
  for (const lang of languages) await page.locator(`#hero-alt-${lang}`).fill("A creator at work");
  await page.getByRole("button", { name: t("en", "admin.site.hero.save") }).click();
  await expect(page.getByRole("button", { name: t("en", "admin.site.hero.remove") })).toBeVisible();
  await expectAccessible(page, "the Site screen's hero form");
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto(`${origin}/admin/content?kind=team`);
    await page.screenshot({ path: `${dir}/content-team-${size.width}.png`, fullPage: true });
    await page.goto(`${origin}/admin/site`);
    await page.screenshot({ path: `${dir}/site-hero-${size.width}.png`, fullPage: true });
  }
  await photograph("with-hero-team");
  await visitor.goto(`${origin}/?lang=en`);
  await expectAccessible(visitor, "the home page with hero and team (en)");
  // Put back as the other specs expect it.
  await page.goto(`${origin}/admin/site`);
  await page.getByRole("button", { name: t("en", "admin.site.hero.remove") }).click();
  await expect(page.getByText(t("en", "admin.site.hero.none"))).toBeVisible();
  await page.goto(`${origin}/admin/content?kind=team`);
  for (let i = 0; i < 2; i++) {
    await page
      .getByLabel(new RegExp(`^${t("en", "admin.content.delete")}:`))
      .first()
      .click();
    await page
      .locator("details[open]")
      .getByRole("button", { name: t("en", "admin.content.deleteConfirm") })
      .click();
    await expect(page.locator("details[open]")).toHaveCount(0);
  }
  await photograph("without");
}
