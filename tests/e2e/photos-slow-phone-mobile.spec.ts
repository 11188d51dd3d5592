import sharp from "sharp";
import { droppingProxy } from "./dropping-proxy.ts";
import { slow3g } from "./first-tap.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

// The "phone" project of playwright.config.ts (Pixel 7) runs this file.
test.skip(({ isMobile }) => !isMobile, "phone only");
test.use({ viewport: { width: 390, height: 844 } });

/**
 * Her photos as she sends them from a slow phone (issue 28, decision 045, left over from the
 * photos' own spec): the processor four times slower, "Slow 3G", her first tap a second after
 * the page appears. The connection drops while her photos are on their way (a proxy between her
 * phone and the server cuts it after the first 100 KB of the post: the server has half a body):
 * she is told, and keeps every answer and both photos; sent again, one application arrives with
 * both photos, not two and not half of one.
 */

/** A photo as a phone takes it: noise, so that it weighs what a photo weighs (≈150 KB). */
const photo = (seed: number) => {
  const width = 480;
  const height = 640;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    pixels[i] = state >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
};

test("on a slow phone, a connection lost while her photos upload keeps everything, and the retry sends one application", async ({
  app,
  page,
  browser,
  browserErrors,
}) => {
  test.setTimeout(paced(180_000));
  browserErrors.allow(/Failed to load resource|Failed to fetch/);
  const proxy = await droppingProxy(new URL(app.origin), { post: "/register/model" });
  const name = "Devagar Joana Prado";
  const email = `devagar.${Date.now()}@photos.example`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", slow3g);

  await page.goto(`${proxy.origin}/register/model?lang=pt`);
  // Her first tap comes a second after the page is on her screen, hydrated or not.
  await page.waitForTimeout(1_000);
  await page.locator("#fullName").tap();
  await page.locator("#fullName").fill(name);
  await waitForHydration(page);
  await page.locator("#age").fill("25");
  await page.locator("#email").fill(email);
  await page.locator('input[name="password"]').fill("devagar-mas-chega-2026");
  await page.locator("#instagram").fill("@joana.devagar");
  await page.locator("input[name=experience][value=beginner]").check();
  await page.locator("#message").fill("Quero crescer com uma equipe.");
  await page.locator("#consent").check();
  const [first, second] = await Promise.all([photo(1), photo(2)]);
  expect(first.length + second.length).toBeGreaterThan(200_000);
  await page.locator("#photos").setInputFiles([
    { name: "praia.jpg", mimeType: "image/jpeg", buffer: first },
    { name: "estudio.jpg", mimeType: "image/jpeg", buffer: second },
  ]);
  const previews = page.locator("#photos ~ ul > li");
  await expect(previews).toHaveCount(2);

  // The connection drops while the photos are on their way.
  proxy.arm({ cut: "request", after: 100_000 });
  await page.getByRole("button", { name: t("pt", "preselection.submit") }).tap();
  const toast = page.locator("[data-sonner-toast], [role=status], [role=alert]").filter({
    hasText: t("pt", "preselection.errorTitle"),
  });
  await expect(toast.first()).toBeVisible({ timeout: paced(30_000) });
  // Nothing she gave is gone: her answers and both photos are still on the form.
  await expect(page.locator("#fullName")).toHaveValue(name);
  await expect(page.locator("#email")).toHaveValue(email);
  await expect(page.locator("#message")).toHaveValue("Quero crescer com uma equipe.");
  await expect(previews).toHaveCount(2);
  expect(
    await page.locator("#photos").evaluate((input: HTMLInputElement) => input.files?.length),
  ).toBe(2);

  expect(proxy.cuts, "the proxy cut the post").toBeGreaterThan(0);
  proxy.disarm();
  // The signal is back: she taps "send" again.
  await page.getByRole("button", { name: t("pt", "preselection.submit") }).tap();
  await expect(page.getByRole("region", { name: t("pt", "thanks.title") })).toBeVisible({
    timeout: paced(60_000),
  });

  // The back office has her once, with both photos.
  const staff = await browser.newContext({ baseURL: app.origin });
  try {
    const desk = await staff.newPage();
    await app.signIn(desk, "approver");
    await desk.goto(
      `${app.origin}/admin/pendentes?lang=en&q=${encodeURIComponent("devagar joana")}`,
    );
    await waitForHydration(desk);
    await expect(desk.getByRole("link", { name })).toHaveCount(1);
    await expect(
      desk.getByRole("img", { name: t("en", "admin.list.photos.alt", { count: 2, name }) }),
    ).toBeVisible();
  } finally {
    await staff.close();
    await proxy.close();
  }
});
