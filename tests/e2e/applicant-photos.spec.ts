import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./axe.ts";
import { chat, openChat, say, giveLocation, valid } from "./chatbot-steps.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Her photos (issue 28, decision 045): on the landing form she attaches three, one too big; she
 * is told why next to the field with every answer kept, takes it out from the keyboard and
 * sends; an approver sees her first photo in the list and goes through them on her page with
 * the keyboard. Without JavaScript the plain form says the same. In the chat the step can be
 * skipped or used. Axe on each screen; with SHOTS_DIR set, screenshots at 390 and 1366 px.
 */

const SHOTS = process.env.SHOTS_DIR;
const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);

const picture = (background: string, width = 900, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
const tooBig = {
  name: "huge.jpg",
  mimeType: "image/jpeg",
  buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
};

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function fillAnswers(page: Page, name: string, email: string) {
  await page.locator("#fullName").fill(name);
  await page.locator("#age").fill("24");
  await page.locator("#email").fill(email);
  await page.locator("#instagram").fill("@foto.studio");
  await page.locator("input[name=experience][value=beginner]").check();
  await page.locator("#message").fill("I would like to grow with a team.");
  await page.locator("#consent").check();
}

const photoError = (page: Page) => page.locator("#photos-error");

test.describe("an applicant's photos", () => {
  test.describe.configure({ mode: "serial" });
  const name = "Fotografia Ana Lopes";

  test("the form tells her a photo is too big, keeps her answers, and sends the others", async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(90_000));
    await page.goto(`${app.origin}/?lang=en#preselection`);
    await waitForHydration(page);
    await fillAnswers(page, name, "fotografia.ana@photos.example");
    await page
      .getByLabel(en("preselection.photos.label"))
      .setInputFiles([
        { name: "beach.jpg", mimeType: "image/jpeg", buffer: await picture("#d9a48f") },
        tooBig,
        { name: "studio.jpg", mimeType: "image/jpeg", buffer: await picture("#1f4e5f", 1200, 800) },
      ]);
    const previews = page.locator("#photos ~ ul > li");
    await expect(previews).toHaveCount(3);
    // Drawn in her browser for the two pictures; the file that is none gets a plain tile.
    await expect(page.locator("#photos ~ ul img[data-photo-preview]")).toHaveCount(2);
    await page.getByRole("button", { name: en("preselection.submit") }).click();
    await expect(photoError(page)).toHaveText(en("preselection.photos.errors.tooBig"));
    await expect(page.locator("#photos")).toBeFocused();
    await expect(page.locator("#fullName")).toHaveValue(name);
    await expect(page.locator("#message")).toHaveValue(/grow with a team/);
    // The form (the page around it has its own checks in a11y.spec.ts).
    await expectAccessible(page, "the form with a photo refused", (axe) => axe.include("form"));
    await page.locator("#preselection").scrollIntoViewIfNeeded();
    await shoot(page, "form-photo-too-big");

    // Taken out from the keyboard: the message goes, the focus stays among her photos.
    const remove = page.getByRole("button", {
      name: en("preselection.photos.remove", { name: "huge.jpg" }),
    });
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(previews).toHaveCount(2);
    await expect(photoError(page)).toHaveCount(0);
    await expect(
      page.getByRole("button", { name: en("preselection.photos.remove", { name: "studio.jpg" }) }),
    ).toBeFocused();

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: en("preselection.submit") }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByRole("heading", { name: en("thanks.title") })).toBeVisible();
  });

  test("without JavaScript, the plain form says the same and keeps her answers", async ({
    app,
    browser,
  }) => {
    const { page, close } = await plainPage(browser);
    await page.goto(`${app.origin}/?lang=en`);
    await fillAnswers(page, "Sem Script Bia", "sem.script@photos.example");
    await page.locator("#photos").setInputFiles([
      {
        name: "ok.png",
        mimeType: "image/png",
        buffer: await sharp(await picture("#c0ffee"))
          .png()
          .toBuffer(),
      },
      tooBig,
    ]);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: en("preselection.submit") }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(photoError(page)).toHaveText(en("preselection.photos.errors.tooBig"));
    await expect(page.getByText(en("preselection.photos.again"))).toBeVisible();
    await expect(page.locator("#fullName")).toHaveValue("Sem Script Bia");
    await expect(page.locator("#instagram")).toHaveValue("@foto.studio");
    await close();
  });

  test("an approver sees her photo in the list and goes through them with the keyboard", async ({
    app,
    page,
  }) => {
    await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/pendentes?q=fotografia`);
    await waitForHydration(page);
    const thumbnail = page.getByRole("img", {
      name: en("admin.list.photos.alt", { count: 2, name }),
    });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(page, "the list with a photo");
    await shoot(page, "list-with-photo");

    await page.getByRole("link", { name }).click();
    await waitForHydration(page);
    const first = page.getByRole("link", {
      name: en("admin.detail.photos.open", { position: 1, count: 2 }),
    });
    await expect(
      first.getByRole("img", {
        name: en("admin.detail.photos.alt", { position: 1, count: 2, name }),
      }),
    ).toBeVisible();
    await expectAccessible(page, "her page with photos");
    await shoot(page, "detail-photos");

    await first.focus();
    await page.keyboard.press("Enter");
    // One dialog, named after the photo it shows.
    const viewer = page.getByRole("dialog");
    await expect(viewer).toHaveAccessibleName(
      en("admin.detail.photos.alt", { position: 1, count: 2, name }),
    );
    await expect(viewer).toBeVisible();
    const large = viewer.getByRole("img");
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
    await expectAccessible(page, "the photo viewer");
    await shoot(page, "photo-viewer");
    await page.keyboard.press("ArrowRight");
    await expect(
      viewer.getByRole("img", {
        name: en("admin.detail.photos.alt", { position: 2, count: 2, name }),
      }),
    ).toBeVisible();
    await expect
      .poll(() => viewer.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1200);
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(first).toBeFocused();

    // Never kept by a cache; the sign-in page for anyone without her session.
    const url = await first.getAttribute("href");
    const answer = await page.request.get(`${app.origin}${url}`);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["content-type"]).toBe("image/jpeg");
    const visitor = await page.context().browser()!.newContext();
    const refused = await visitor.request.get(`${app.origin}${url}`, { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toMatch(/^\/login\?redirect=/);
    await visitor.close();
  });
});

test("the chat's photo step: she adds a photo, and could have skipped it", async ({ page }) => {
  const lang = "en";
  const c = await openChat(page, lang);
  await c.button("chatbot.begin").click();
  await say(page, valid.fullName);
  await say(page, valid.dateOfBirth);
  await giveLocation(page, valid.country, valid.city);
  await say(page, valid.phone);
  await say(page, `chat.photos.${Date.now()}@example.com`);
  await say(page, valid.document);
  await say(page, valid.instagram);
  await c.button("preselection.experienceOptions.beginner").click();
  await say(page, valid.message);
  await expect(c.lastMessage).toContainText(en("chatbot.photos.ask"));
  const picker = c.dialog.getByLabel(en("chatbot.photos.choose"));
  await expect(picker).toBeFocused();
  await expect(c.button("chatbot.skip")).toBeEnabled();
  await expect(c.button("chatbot.photos.send")).toBeDisabled();
  await picker.setInputFiles([
    { name: "me.jpg", mimeType: "image/jpeg", buffer: await picture("#f1c9a5") },
  ]);
  await expect(c.dialog.locator("img[data-photo-preview]")).toHaveCount(1);
  await expectAccessible(page, "the chat's photo step");
  await shoot(page, "chat-photo-step");
  await c.button("chatbot.photos.send").click();
  const summary = chat(page, lang).lastMessage;
  await expect(summary).toContainText(en("chatbot.summary"));
  await expect(summary).toContainText(en("chatbot.photos.count", { count: 1 }));
  await page.getByLabel(en("chatbot.consent")).check();
  await c.button("chatbot.confirm").click();
  await expect(c.log).toContainText(en("chatbot.sent"));
});

async function plainPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}
