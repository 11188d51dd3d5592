import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./axe.ts";
import { expect, failedResource, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The article's body as she writes it (issue 27): a link from its dialog (Ctrl+K and the
 * keyboard, or the mouse), an address the site refuses said in the dialog; an image uploaded
 * into the text, refused at publication until it is described, then on the public page with
 * its description and no layout shift; the word count following her typing. Axe on each state,
 * at a phone's width and a desktop's.
 */

const sizes = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const stamp = Date.now().toString(36);
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function newArticle(page: Page, title: string) {
  await page.locator("summary", { hasText: t("pt", "admin.blog.new") }).click();
  await page.getByLabel(t("pt", "admin.blog.fields.title")).fill(title);
  await page.getByRole("button", { name: t("pt", "admin.blog.create") }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+\/pt/);
  await waitForHydration(page);
  return page.getByRole("textbox", { name: t("pt", "admin.blog.fields.body") });
}

const words = (n: number) =>
  t("pt", `admin.blog.bodyEditor.words_${n === 0 ? "zero" : n === 1 ? "one" : "other"}`, { n });

async function savedAfterTyping(page: Page) {
  await expect(
    page.getByText(t("pt", "admin.blog.status.savedAt", { time: "" }).trim()).first(),
  ).toBeVisible({ timeout: paced(10_000) });
}

for (const size of sizes) {
  test.describe(`the body at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("links from their dialog, by keyboard and by mouse; a refused address is said there; the words are counted", async ({
      app,
      page,
    }) => {
      test.setTimeout(paced(90_000));
      await app.signIn(page, "editor", { lang: "pt" });
      const body = await newArticle(page, `Links ${size.name} ${stamp}`);
      const count = page.getByText(words(0), { exact: true });
      await expect(count).toBeVisible();

      await body.click();
      await page.keyboard.type("Fale com a agência ");
      await expect(page.getByText(words(4), { exact: true })).toBeVisible();

      // Ctrl+K with nothing selected: the words she types in the dialog are the link's.
      await page.keyboard.press("Control+k");
      const dialog = page.getByRole("dialog", {
        name: t("pt", "admin.blog.bodyEditor.link.title"),
      });
      await expect(dialog).toBeVisible();
      const address = dialog.getByLabel(t("pt", "admin.blog.bodyEditor.link.address"));
      await expect(address).toBeFocused();
      await expectAccessible(page, `the link dialog (${size.name})`);
      await shot(page, `link-dialog-${size.width}`);

      // A scheme that runs code: refused in the dialog, in her language, nothing applied.
      await address.fill("javascript:alert(1)");
      await page.keyboard.press("Enter");
      await expect(dialog.getByText(t("pt", "admin.blog.bodyEditor.link.refused"))).toBeVisible();
      await expect(address).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page, `the link dialog with its error (${size.name})`);
      await shot(page, `link-refused-${size.width}`);
      await expect(body.locator("a")).toHaveCount(0);

      await dialog
        .getByLabel(t("pt", "admin.blog.bodyEditor.link.text"))
        .fill("pela página de contato");
      await address.fill("/contact");
      await address.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(body).toBeFocused();
      const contact = body.getByRole("link", { name: "pela página de contato" });
      await expect(contact).toHaveAttribute("href", "/contact");
      await expect(contact).not.toHaveAttribute("target", /./);
      await expect(page.getByText(words(8), { exact: true })).toBeVisible();

      // Escape leaves the text as it was and goes back to it.
      await page.keyboard.press("Control+k");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(body).toBeFocused();

      // With the mouse: a selected word, another site (a new tab, always), Apply.
      await page.keyboard.type(" ou no Instagram");
      await page.keyboard.press("Control+Shift+ArrowLeft");
      await page
        .getByRole("toolbar")
        .getByRole("button", { name: t("pt", "admin.blog.toolbar.link") })
        .click();
      await expect(dialog.getByLabel(t("pt", "admin.blog.bodyEditor.link.text"))).toHaveValue(
        "Instagram",
      );
      await address.fill("instagram.com/maretalent");
      const newTab = dialog.getByLabel(t("pt", "admin.blog.bodyEditor.link.newTab"));
      await expect(newTab).toBeChecked();
      await expect(newTab).toBeDisabled();
      await dialog
        .getByRole("button", { name: t("pt", "admin.blog.bodyEditor.link.apply") })
        .click();
      await expect(dialog).toBeHidden();
      const instagram = body.locator('a[href="https://instagram.com/maretalent"]');
      await expect(instagram).toContainText("Instagram");
      await expect(instagram).toHaveAttribute("target", "_blank");
      await expect(instagram).toHaveAttribute("rel", "noopener noreferrer");

      // On a link, the dialog edits it and can remove it.
      await expect(body).toBeFocused();
      // The caret inside the link's words (at its edge, whether it is "on" the link depends on
      // which side the caret came from).
      await instagram.click();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("Control+k");
      const edit = page.getByRole("dialog", {
        name: t("pt", "admin.blog.bodyEditor.link.editTitle"),
      });
      await expect(edit.getByLabel(t("pt", "admin.blog.bodyEditor.link.address"))).toHaveValue(
        "https://instagram.com/maretalent",
      );
      await edit
        .getByRole("button", { name: t("pt", "admin.blog.bodyEditor.link.remove") })
        .click();
      await expect(body.locator('a[href^="https://instagram.com"]')).toHaveCount(0);
      await expect(body).toContainText("Instagram");
      await savedAfterTyping(page);
      await expectAccessible(page, `the editor with links (${size.name})`);
      await shot(page, `editor-links-${size.width}`);
    });

    test("an image in the text: uploaded, refused at publication until described, then on the page without a layout shift", async ({
      app,
      page,
      browser,
      browserErrors,
    }) => {
      test.setTimeout(paced(120_000));
      // The refused publication is answered 409.
      browserErrors.allow(failedResource(409));
      await app.signIn(page, "editor", { lang: "pt" });
      const title = `Imagens no texto ${size.name} ${stamp}`;
      const body = await newArticle(page, title);
      await page.getByLabel(t("pt", "admin.blog.fields.category")).fill("Dicas");
      await page.getByLabel(t("pt", "admin.blog.fields.excerpt")).fill("Um ensaio na praia.");
      await page
        .getByLabel(t("pt", "admin.blog.fields.description"))
        .fill("Como foi um ensaio na praia, em fotos.");
      await body.click();
      await page.keyboard.type("Um dia de ensaio na praia.");

      const png = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: "#18908f" },
      })
        .png()
        .toBuffer();
      const chooser = page.waitForEvent("filechooser");
      await page
        .getByRole("toolbar")
        .getByRole("button", { name: t("pt", "admin.blog.bodyEditor.image.add") })
        .click();
      await (await chooser).setFiles({ name: "praia.png", mimeType: "image/png", buffer: png });

      // Stored, it asks for its description at once; "Later" leaves it marked.
      const describe = page.getByRole("dialog", {
        name: t("pt", "admin.blog.bodyEditor.image.altTitle"),
      });
      await expect(describe).toBeVisible({ timeout: paced(20_000) });
      await expectAccessible(page, `the image's description dialog (${size.name})`);
      await shot(page, `image-alt-dialog-${size.width}`);
      await describe
        .getByRole("button", { name: t("pt", "admin.blog.bodyEditor.image.later") })
        .click();
      await expect(describe).toBeHidden();
      await expect(body.getByText(t("pt", "admin.blog.bodyEditor.image.missingAlt"))).toBeVisible();
      await expect(body.locator("img[src^='/media/']")).toBeVisible();
      // Words only: the image adds none.
      await expect(page.getByText(words(6), { exact: true })).toBeVisible();
      await savedAfterTyping(page);
      await body
        .getByText(t("pt", "admin.blog.bodyEditor.image.missingAlt"))
        .scrollIntoViewIfNeeded();
      await expectAccessible(page, `the editor with an undescribed image (${size.name})`);
      await shot(page, `image-missing-alt-${size.width}`);

      // Publishing is refused, at the body, and nothing goes live.
      await page.getByRole("button", { name: t("pt", "admin.blog.publishNow") }).click();
      await expect(page.getByText(t("pt", "admin.blog.bodyEditor.errors.imageAlt"))).toBeVisible();
      await expect(body).toHaveAttribute("aria-invalid", "true");
      const slug = await page.getByLabel(t("pt", "admin.blog.fields.slug")).inputValue();
      const draftPage = await page.request.get(`${app.origin}/blog/${slug}?lang=pt`);
      expect(draftPage.status()).toBe(404);

      // Described from its button (a click on the image opens the same dialog).
      await body
        .getByRole("button", { name: t("pt", "admin.blog.bodyEditor.image.addAlt") })
        .click();
      await expect(describe).toBeVisible();
      const alt = describe.getByLabel(t("pt", "admin.blog.bodyEditor.image.altLabel"));
      await expect(alt).toBeFocused();
      await alt.press("Enter");
      await expect(
        describe.getByText(t("pt", "admin.blog.bodyEditor.image.altRequired")),
      ).toBeVisible();
      await alt.fill("Mar verde-azulado sob um céu limpo");
      await alt.press("Enter");
      await expect(describe).toBeHidden();
      await expect(body.getByText(t("pt", "admin.blog.bodyEditor.image.missingAlt"))).toHaveCount(
        0,
      );
      await expect(
        body.getByRole("img", { name: "Mar verde-azulado sob um céu limpo" }),
      ).toBeVisible();
      await shot(page, `image-described-${size.width}`);

      await page.getByRole("button", { name: t("pt", "admin.blog.publishNow") }).click();
      await expect(page.getByText(t("pt", "admin.blog.done.published"))).toBeVisible({
        timeout: paced(10_000),
      });

      // The public page: the stored variants, the size reserved, lazy, with her description.
      const visitor = await (
        await browser.newContext({ viewport: { width: size.width, height: size.height } })
      ).newPage();
      await visitor.addInitScript(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            (window as unknown as { shifts: number }).shifts += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await visitor.goto(`${app.origin}/blog/${slug}?lang=pt`);
      const image = visitor.getByRole("img", { name: "Mar verde-azulado sob um céu limpo" });
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "800");
      await expect(image).toHaveAttribute("loading", "lazy");
      await expect(image).toHaveAttribute("src", /^\/media\/\d+-[0-9a-f]{16}-960\.webp$/);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const box = await image.boundingBox();
      expect(Math.abs(box!.width / box!.height - 1.5)).toBeLessThan(0.02);
      expect(
        await visitor.evaluate(() => (window as unknown as { shifts: number }).shifts),
      ).toBeLessThan(0.01);
      await expectAccessible(visitor, `the article with a body image (${size.name})`);
      await shot(visitor, `public-article-${size.width}`);
      await visitor.context().close();
    });
  });
}
