import { randomBytes } from "node:crypto";
import { expect, t, test, type Lang } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

// The "phone" project of playwright.config.ts (Pixel 7) runs this file.
test.skip(({ isMobile }) => !isMobile, "phone only");

/**
 * The verification link as she lives it (issue 24, point 4): her mail app's scanner has opened
 * the link already; she opens it on a slow phone (processor four times slower, a slow 3G
 * connection) and taps the one button a second after the page appears, before its script may
 * have run. The button is a plain form: it confirms whatever the script is doing, and she lands
 * in her portal. A reload of the page afterwards does no harm.
 */
test("on a slow phone, the first tap on the link's button, a second after load, confirms her address", async ({
  app,
  page,
  request,
}) => {
  test.setTimeout(paced(120_000));
  const lang: Lang = "pt";
  const email = `duda.${randomBytes(4).toString("hex")}@example.com`;
  const password = "uma-senha-bem-longa-2026";

  await page.goto(`${app.origin}/register/affiliate?lang=${lang}`);
  await page.getByLabel(t(lang, "auth.name")).fill("Duda Reis");
  await page.getByLabel(t(lang, "auth.email")).fill(email);
  await page.getByLabel(t(lang, "auth.password")).fill(password);
  await page
    .getByLabel(t(lang, "auth.affiliate.promotion"))
    .fill("Meu perfil de criação de conteúdo.");
  await page.getByRole("button", { name: t(lang, "auth.affiliate.submit") }).tap();
  await expect(page).toHaveURL(`${app.origin}/login?notice=check-email`);

  const mail = await app.mail.mailTo(email);
  const link = /https?:\/\/\S+/.exec(mail.text ?? "")![0];
  // Her provider's scanner, first: three plain GETs, no cookies.
  for (let i = 0; i < 3; i++)
    expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(200);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  // Slow 3G, as Chrome's DevTools presets it.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (500 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
  });
  await page.goto(link, { waitUntil: "commit" });
  const button = page.getByRole("button", { name: t(lang, "auth.verify.submit") });
  await expect(button).toBeVisible({ timeout: paced(20_000) });
  await page.waitForTimeout(1_000);
  await button.tap();
  await expect(page).toHaveURL(`${app.origin}/portal`, { timeout: paced(30_000) });
  await expect(page.locator("h1")).toHaveText(t(lang, "portal.title"));

  // Back to the page and a reload: nothing breaks, and the button still takes her in.
  await page.goto(link);
  await page.reload();
  await page.getByRole("button", { name: t(lang, "auth.verify.submit") }).tap();
  await expect(page).toHaveURL(`${app.origin}/portal`, { timeout: paced(30_000) });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});
