import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { pendingApplicationId } from "./admin-screens.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * After approval (issue 29), in a real browser on a server of its own: two approved models; an
 * approver walks the Onboarding view with the keyboard alone (j, ?, d, Enter), opens one on her
 * page, skips a step with a reason and marks another done there; the model reads her progress
 * on her dashboard, on a phone. Axe on each screen at 1366 and 390 px; with SHOTS_DIR set,
 * screenshots of each.
 */
test.use({ serverEnv: {} });
test.describe.configure({ mode: "serial", timeout: paced(180_000) });

const SHOTS = process.env.SHOTS_DIR;
const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const widths = [1366, 390] as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const said = (page: Page, text: string) =>
  expect(page.locator("#onboarding-keys-live[role=status]")).toContainText(text);

const models = [
  // The model account of the named accounts: her dashboard shows her onboarding.
  { fullName: "Teresa Model", email: "model@example.com" },
  { fullName: "Bianca Onboarding Lima", email: "bianca.onboarding@example.com" },
] as const;

test("the onboarding from the view, her page and her dashboard", async ({
  app,
  browser,
  playwright,
}) => {
  for (const { fullName, email } of models) {
    const client = await playwright.request.newContext();
    const sent = await client.post(`${app.origin}/?index&lang=en`, {
      headers: { origin: app.origin },
      form: {
        fullName,
        age: "24",
        email,
        instagram: "@onboarding.test",
        experience: "beginner",
        message: "Pronta para começar.",
        consent: "on",
      },
    });
    expect(sent.status()).toBe(200);
    await client.dispose();
  }
  const admin = await playwright.request.newContext({ baseURL: app.origin });
  await app.signIn(admin, "admin");
  for (const { email } of models) {
    const id = await pendingApplicationId(admin, email);
    const approved = await admin.post(`${app.origin}/admin/cadastros/${id}`, {
      headers: { origin: app.origin },
      form: { from: "Pendente", to: "Aprovado", note: "" },
      maxRedirects: 0,
    });
    expect(approved.status()).toBe(302);
  }

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await app.signIn(page, "approver");
  await page.goto(`${app.origin}/admin/onboarding`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("onboarding.board.title"));
  const rows = page.locator(".onboarding-board > li");
  await expect(rows).toHaveCount(2);
  await expectAccessible(page, "the onboarding view at 1366 px");
  await shot(page, "board-1366");

  // The keyboard alone: j to the first model, ? for the keys, d to mark her waiting step done.
  await page.keyboard.press("j");
  await expect(rows.first().locator("a.row-link")).toBeFocused();
  const first = (await rows.first().locator("a.row-link").textContent())!.trim();
  await said(page, first);
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: en("admin.keys.title") });
  await expect(help).toBeVisible();
  await expect(help).toContainText(en("onboarding.keys.done"));
  await expectAccessible(page, "the onboarding keys");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await rows.first().locator("a.row-link").focus();
  await page.keyboard.press("d");
  await said(page, en("onboarding.keys.marking", { name: first, step: "Welcome call" }));
  const waiting = (step: string) => en("onboarding.board.waitingOn", { step });
  await expect(rows.filter({ hasText: first })).toContainText(waiting("Identity check"));
  await expect(
    rows
      .filter({ hasText: first })
      .getByRole("list", { name: en("onboarding.board.progress", { closed: 1, total: 5 }) }),
  ).toBeVisible();

  // Enter opens her page at its onboarding panel.
  await rows.filter({ hasText: "Bianca" }).locator("a.row-link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/cadastros\/\d+#onboarding$/);
  await waitForHydration(page);
  const panel = page.locator("#onboarding");
  await expect(panel.getByRole("heading", { name: en("onboarding.panel.title") })).toBeVisible();

  // Skip the identity check with a reason; mark the welcome call done.
  const identity = panel.locator("li", {
    has: page.getByRole("heading", { name: /Identity check/ }),
  });
  await identity.getByLabel(`${en("onboarding.panel.skip")}: Identity check`).click();
  await identity
    .getByLabel(en("onboarding.panel.reasonLabel"))
    .fill("Verified in person at the studio");
  await identity.getByRole("button", { name: en("onboarding.panel.skipConfirm") }).click();
  await expect(
    page.getByRole("status").filter({ hasText: en("onboarding.panel.saved") }),
  ).toBeVisible();
  await expect(identity.locator("data[value=skipped]")).toBeVisible();
  await expect(identity).toContainText("Verified in person at the studio");
  const call = panel.locator("li", { has: page.getByRole("heading", { name: /Welcome call/ }) });
  await call.getByRole("button", { name: `${en("onboarding.panel.done")}: Welcome call` }).click();
  await expect(call.locator("data[value=done]")).toBeVisible();
  await expect(panel).toContainText(en("onboarding.panel.history"));
  // A private note on the contract's step.
  const contract = panel.locator("li", { has: page.getByRole("heading", { name: /Contract/ }) });
  await contract.getByText(en("onboarding.panel.addNote")).click();
  await contract
    .getByLabel(en("onboarding.panel.noteLabel", { step: "Contract" }))
    .fill("She asked for the Portuguese version first.");
  await contract.getByRole("button", { name: en("onboarding.panel.saveNote") }).click();
  await expect(contract).toContainText("She asked for the Portuguese version first.");
  await expect(contract).toContainText(en("onboarding.panel.notes_one", { count: 1 }));
  // Saved, the box is empty for the next note.
  await expect(
    contract.getByLabel(en("onboarding.panel.noteLabel", { step: "Contract" })),
  ).toHaveValue("");
  await expectAccessible(page, "the onboarding panel at 1366 px");
  await panel.screenshot({ path: SHOTS ? `${SHOTS}/panel-1366.png` : undefined });

  // The admin's list of steps.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const adminPage = await adminContext.newPage();
  await app.signIn(adminPage, "admin");
  await adminPage.goto(`${app.origin}/admin/onboarding/steps`);
  await waitForHydration(adminPage);
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(
    en("onboarding.steps.title"),
  );
  await expectAccessible(adminPage, "the onboarding steps");
  await shot(adminPage, "steps-1366");
  await adminContext.close();

  // On a phone: the view and her page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.origin}/admin/onboarding?overdue=0`);
  await waitForHydration(page);
  await expectAccessible(page, "the onboarding view at 390 px");
  await shot(page, "board-390");
  await page.goto(`${app.origin}/admin/onboarding`);
  await rows.filter({ hasText: "Bianca" }).locator("a.row-link").click();
  await waitForHydration(page);
  await expectAccessible(page, "the onboarding panel at 390 px");
  await page
    .locator("#onboarding")
    .screenshot({ path: SHOTS ? `${SHOTS}/panel-390.png` : undefined });
  await context.close();

  // Her dashboard, in her language, on a phone and a desktop.
  for (const width of widths) {
    const modelContext = await browser.newContext({ viewport: { width, height: 900 } });
    const model = await modelContext.newPage();
    await app.signIn(model, "model");
    await model.goto(`${app.origin}/dashboard/model`);
    await waitForHydration(model);
    const card = model.locator("section#onboarding");
    await expect(card.getByRole("heading", { name: en("onboarding.model.title") })).toBeVisible();
    await expect(card).toContainText(en("onboarding.model.stepOf", { current: 2, total: 5 }));
    await expect(card).toContainText(
      en("onboarding.model.doneOn", { step: "Welcome call", date: "" }).trim(),
    );
    await expect(card).toContainText(en("onboarding.model.yourMove"));
    // Nothing of the staff's: no approver's name, no skip reason.
    await expect(card).not.toContainText("Irene");
    await expectAccessible(model, `her dashboard at ${width} px`);
    await shot(model, `model-${width}`);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/model-card-${width}.png` });
    await modelContext.close();
  }
  await admin.dispose();
});
