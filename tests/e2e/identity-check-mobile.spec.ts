import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { pendingApplicationId } from "./admin-screens.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Her identity check (issue 30), through the screens: Luana, approved, opens it from her
 * onboarding card on her phone and sends a passport's photo and a selfie with the page's own
 * form; Iris, a reviewer, opens her application, sees the photos and confirms; Luana's step is
 * done. Axe on each screen; with SHOTS_DIR set, her page and the review at 390 and 1366 px, in
 * Portuguese and English.
 */
test.describe.configure({ mode: "serial", timeout: paced(120_000) });

const MODEL = "luana.identity@example.com";
const REVIEWER = "iris.identity@example.com";
const SHOTS = process.env.SHOTS_DIR;
const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);

/** The page at both widths, in both languages, then back as it was. */
async function shoot(page: Page, url: string, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const lang of ["pt", "en"] as const) {
    await page.goto(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`);
    await waitForHydration(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(size);
  await page.goto(`${url}${url.includes("?") ? "&" : "?"}lang=en`);
  await waitForHydration(page);
}

const picture = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

test("she sends her photos on her phone, a reviewer confirms, her step is done", async ({
  app,
  browser,
  playwright,
}) => {
  const client = await playwright.request.newContext();
  expect(
    (
      await client.post(`${app.origin}/?index&lang=en`, {
        headers: { origin: app.origin },
        form: {
          fullName: "Luana Identity Reis",
          age: "27",
          email: MODEL,
          instagram: "@luana.identity",
          experience: "beginner",
          message: "Pronta para começar.",
          consent: "on",
        },
      })
    ).status(),
  ).toBe(200);
  await client.dispose();
  const admin = await playwright.request.newContext({ baseURL: app.origin });
  await app.signIn(admin, "admin");
  const id = await pendingApplicationId(admin, MODEL);
  const approved = await admin.post(`${app.origin}/admin/cadastros/${id}`, {
    headers: { origin: app.origin },
    form: { from: "Pendente", to: "Aprovado", note: "" },
    maxRedirects: 0,
  });
  expect(approved.status()).toBe(302);
  await admin.dispose();

  // Her phone: the onboarding card leads to the check.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const her = await phone.newPage();
  await app.signIn(her, "model", { email: MODEL });
  await her.goto(`${app.origin}/dashboard/model`);
  await waitForHydration(her);
  await shoot(her, `${app.origin}/dashboard/model`, "dashboard");
  await her
    .getByRole("region", { name: en("onboarding.model.title") })
    .getByRole("link", { name: en("identity.card.send") })
    .tap();
  await expect(her).toHaveURL(/\/dashboard\/model\/identity$/);
  await waitForHydration(her);
  await expect(her.getByRole("heading", { level: 1 })).toHaveText(en("identity.her.title"));
  await expectAccessible(her, "her identity check's form at 390 px");
  await shoot(her, `${app.origin}/dashboard/model/identity`, "her-form");

  await her.getByRole("radio", { name: en("identity.types.passport") }).check();
  // A passport has no back: its field goes away.
  await expect(her.getByLabel(en("identity.sides.back"))).toHaveCount(0);
  await her.getByLabel(en("identity.sides.front")).setInputFiles({
    name: "passport.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("#d9c2a7"),
  });
  await her.getByLabel(en("identity.sides.selfie")).setInputFiles({
    name: "selfie.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("#a7bcd9"),
  });
  await her.getByRole("button", { name: en("identity.her.submit") }).tap();
  await expect(her.getByText(en("identity.her.sent"))).toBeVisible();
  await expect(her.getByText(en("identity.her.waiting"))).toBeVisible();
  await expectAccessible(her, "her identity check, being checked");
  await shoot(her, `${app.origin}/dashboard/model/identity`, "her-waiting");

  // The reviewer, at her desk: the panel on the application's page, then the review.
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await desk.newPage();
  await app.signIn(page, "approver", { email: REVIEWER });
  await page.goto(`${app.origin}/admin/cadastros/${id}`);
  await waitForHydration(page);
  const panel = page.locator("#identity");
  await expect(panel.getByText(en("identity.states.submitted"))).toBeVisible();
  await expectAccessible(page, "her application with its identity panel");
  await shoot(page, `${app.origin}/admin/cadastros/${id}`, "application-panel");
  await panel.getByRole("link", { name: en("identity.staff.review") }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/cadastros/${id}/identity/\\d+$`));
  await waitForHydration(page);
  const photos = page.getByRole("region", { name: en("identity.staff.photos") }).locator("img");
  await expect(photos).toHaveCount(2);
  for (const img of await photos.all()) {
    await expect
      .poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expectAccessible(page, "the review of her identity check");
  await shoot(page, page.url(), "review");

  const confirm = page.getByRole("region", { name: en("identity.staff.confirm.title") });
  await confirm.getByLabel(en("identity.staff.confirm.type")).selectOption("passport");
  await confirm.getByLabel(en("identity.staff.confirm.matchNoDigits")).check();
  await confirm.getByLabel(en("identity.staff.confirm.bornOn")).fill("1999-05-20");
  await confirm.getByRole("button", { name: en("identity.staff.confirm.submit") }).click();
  await expect(page.getByText(en("identity.staff.notices.confirmed"))).toBeVisible();
  await expect(page.getByText(en("identity.states.confirmed")).first()).toBeVisible();
  await expectAccessible(page, "her identity check, confirmed");
  await shoot(page, page.url().replace(/\?.*$/, ""), "review-confirmed");
  await desk.close();

  // Her phone again: the step is done on her card, and her check says so.
  await her.goto(`${app.origin}/dashboard/model`);
  await waitForHydration(her);
  const step = her
    .getByRole("region", { name: en("onboarding.model.title") })
    .locator("li", { hasText: "Identity check" });
  await expect(step).toContainText(en("onboarding.model.state.done"));
  await expect(step.getByRole("link")).toHaveCount(0);
  await her.goto(`${app.origin}/dashboard/model/identity`);
  await waitForHydration(her);
  await expect(her.getByText(en("identity.her.confirmed"))).toBeVisible();
  await expectAccessible(her, "her identity check, confirmed");
  await shoot(her, `${app.origin}/dashboard/model/identity`, "her-confirmed");
  await phone.close();
});
