import { mkdirSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { recipientsOf } from "#app/test/smtp-server.ts";
import { expectAccessible } from "./axe.ts";
import { expect, failedResource, t, test, waitForHydration, type AppServer } from "./fixtures.ts";
import { pace, paced } from "#app/test/pace.ts";

/**
 * Deciding safely (issue 28): an approver approves with the keyboard, reads "Done … Undo",
 * undoes it, and the applicant is pending again with no mail at the SMTP server once the
 * window is over; a bulk rejection of three asks for its reason and its count first. The undo
 * window is 12 s on this server (DECISION_UNDO_SECONDS), long enough for a person at a keyboard;
 * on a slower machine, longer by its pace (the checks of the notice run inside the window).
 */
const WINDOW_SECONDS = 12 * pace;
// The senders look at the outbox every second: a mail that was to go out does so at once.
test.use({ serverEnv: { DECISION_UNDO_SECONDS: String(WINDOW_SECONDS), MAIL_POLL_SECONDS: "1" } });

// Screenshots to look at, only when asked for (SHOTS_DIR=<folder>): each costs CI a second.
const SHOTS = process.env.SHOTS_DIR;
const REASON = "Perfil fora do momento (lote)";
const single = { fullName: "Desfazer Ana Prado", email: "decide.ana@undo.example" };
const batch = [1, 2, 3].map((n) => ({
  fullName: `Lote Bia ${n} Souza`,
  email: `decide.lote${n}@undo.example`,
}));

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const widths = [390, 1366] as const;

async function apply(app: AppServer, request: APIRequestContext, person: typeof single) {
  const sent = await request.post(`${app.origin}/?index&lang=pt`, {
    headers: { origin: app.origin },
    form: {
      fullName: person.fullName,
      age: "24",
      email: person.email,
      instagram: "@decide.studio",
      experience: "beginner",
      message: "Quero trabalhar com uma agência séria.",
      consent: "on",
    },
  });
  expect(sent.status()).toBe(200);
}

const mailsTo = (app: AppServer, address: string) =>
  app.mail.received.filter((mail) => recipientsOf(mail).includes(address));

test.describe("deciding safely", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ app, playwright }) => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const request = await playwright.request.newContext();
    for (const person of [single, ...batch]) await apply(app, request, person);
    await request.dispose();
    const admin = await playwright.request.newContext();
    await app.signIn(admin, "admin");
    const added = await admin.post(`${app.origin}/admin/email/reasons`, {
      headers: { origin: app.origin },
      form: { intent: "reason-add", label: REASON },
    });
    expect(added.ok()).toBe(true);
    await admin.dispose();
  });

  test("approve with the keyboard, Undo, and she is never mailed", async ({ app, page }) => {
    test.setTimeout(paced(120_000));
    // Her confirmation first: what comes after it is what the decision would send.
    await app.mail.mailTo(single.email, 0);
    await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/pendentes?q=decide.ana`);
    await waitForHydration(page);
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await expect(page.locator("h1")).toHaveText(single.fullName);
    await waitForHydration(page);

    await page.keyboard.press("a");
    const approve = page.getByRole("dialog", {
      name: en("admin.keys.approveTitle", { name: single.fullName }),
    });
    await expect(approve).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(approve).toHaveCount(0);

    // "Done: … Approved. … undo": announced, and where her focus now is; Undo is the next stop.
    const said = page.getByRole("status").filter({ hasText: en("admin.undo.window") });
    await expect(said).toContainText(
      en("admin.detail.changed", { status: en("admin.status.Aprovado") }),
    );
    const undo = page.getByRole("button", { name: en("admin.undo.button") });
    await expect(undo).toBeVisible();
    await expect(page.locator(":focus")).toContainText(en("admin.undo.window"));
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectAccessible(page, `the undo notice at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/undo-notice-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await undo.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(undo).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(
      page.getByRole("status").filter({ hasText: en("admin.undo.outcome.done_one", { count: 1 }) }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: en("admin.detail.toAprovado") })).toBeVisible();
    await expect(page.getByRole("region", { name: en("admin.detail.history") })).toContainText(
      en("admin.undo.undone"),
    );
    await expectAccessible(page, "her page after the undo");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/undone-1366.png`, fullPage: true });

    // The window and a sender's poll go by: the SMTP server got nothing after her confirmation.
    await page.waitForTimeout((WINDOW_SECONDS + 3) * 1000);
    expect(mailsTo(app, single.email).map((mail) => mail.subject)).toEqual([
      t("pt", "mail.confirmation.subject"),
    ]);
    // And she is still in the pending list.
    await page.goto(`${app.origin}/admin/pendentes?q=decide.ana`);
    await expect(page.getByRole("table")).toContainText(single.fullName);
  });

  test("a bulk rejection of three: select all, the reason, the count confirmed", async ({
    app,
    page,
    browserErrors,
  }) => {
    test.setTimeout(paced(120_000));
    browserErrors.allow(failedResource(400)); // the rejection without a reason is answered 400
    await app.signIn(page, "approver");
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${app.origin}/admin/pendentes?q=decide.lote`);
      await waitForHydration(page);
      const bar = page.locator("form#bulk");
      await expect(bar).toHaveCSS("position", "sticky");
      const all = page.getByRole("checkbox", { name: en("admin.bulk.selectAll") });
      await all.check();
      await expect(bar).toContainText(en("admin.bulk.selected_other", { count: 3 }));
      // One cleared: neither all nor none.
      await page
        .getByRole("checkbox", { name: en("admin.bulk.selectOne", { name: batch[0]!.fullName }) })
        .uncheck();
      expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
      await expect(bar).toContainText(en("admin.bulk.selected_other", { count: 2 }));
      await all.check();
      await expectAccessible(page, `the list with its bulk bar at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-bar-${width}.png`, fullPage: true });
    }

    // Without a reason the server refuses, and nothing is decided.
    await page.getByLabel(en("admin.detail.note"), { exact: true }).fill("Agenda cheia.");
    await page.getByRole("button", { name: en("admin.bulk.reject") }).click();
    await expect(page.getByText(en("admin.bulk.reasonRequired"))).toBeVisible();
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(4);

    await page.getByRole("checkbox", { name: en("admin.bulk.selectAll") }).check();
    await page.getByLabel(en("admin.bulk.reason"), { exact: true }).selectOption({ label: REASON });
    await page.getByRole("button", { name: en("admin.bulk.reject") }).click();
    const confirm = page.getByRole("dialog", {
      name: en("admin.bulk.confirm.Reprovado_other", { count: 3 }),
    });
    await expect(confirm).toBeVisible();
    const go = confirm.getByRole("button", {
      name: en("admin.bulk.confirm.go.Reprovado_other", { count: 3 }),
    });
    await expect(go).toBeFocused();
    await expectAccessible(page, "the bulk confirmation");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-confirm-1366.png` });
    await page.keyboard.press("Enter");

    const done = page
      .getByRole("status")
      .filter({ hasText: en("admin.bulk.done_other", { count: 3 }) });
    await expect(done).toBeVisible();
    await expect(page.getByRole("button", { name: en("admin.undo.button") })).toBeVisible();
    // The decided are gone from the pending list.
    await expect(page.getByText(batch[0]!.fullName)).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-done-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-done-390.png`, fullPage: true });

    // Her mail waits for the window, then goes: the reason's rejection, in her language.
    const mail = await app.mail.mailTo(batch[2]!.email, 1, (WINDOW_SECONDS + 15) * 1000);
    expect(mail.subject).toBe(t("pt", "mail.rejected.subject"));
    expect(mail.text).toContain("Agenda cheia.");
  });

  test("an admin reopens after her mail went out, and tells her with a correction", async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(90_000));
    const lote = batch[2]!;
    // Her rejection went out (the previous test waited for it).
    await app.mail.mailTo(lote.email, 1, (WINDOW_SECONDS + 15) * 1000);
    await app.signIn(page, "admin");
    await page.goto(`${app.origin}/admin/reprovados?q=decide.lote3`);
    await page.getByRole("link", { name: lote.fullName }).click();
    await expect(page.locator("h1")).toHaveText(lote.fullName);
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: en("admin.detail.history") })).toContainText(
      en("admin.reasons.logged", { reason: REASON }),
    );
    const correction = page.getByRole("checkbox", { name: en("admin.undo.correction") });
    await expect(correction).toBeChecked();
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectAccessible(page, `the reopen form at ${width} px`);
      if (SHOTS)
        await page
          .getByRole("region", { name: en("admin.detail.decide") })
          .screenshot({ path: `${SHOTS}/reopen-${width}.png` });
    }
    await page.getByRole("button", { name: en("admin.detail.toPendente") }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: en("admin.detail.changed", { status: en("admin.status.Pendente") }) }),
    ).toBeVisible();
    const mail = await app.mail.mailTo(lote.email, 2);
    expect(mail.subject).toBe(t("pt", "mail.correction.subject"));
    expect(mail.text).toContain(t("pt", "mail.correction.body"));

    // The analytics count this spec's rejections by their reason.
    await page.goto(`${app.origin}/admin/analytics`);
    const byReason = page.getByRole("table", { name: en("admin.reasons.byReason") });
    await expect(
      byReason.getByRole("row", { name: new RegExp(REASON.replace(/[()]/g, "\\$&")) }),
    ).toContainText("3");
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectAccessible(page, `the analytics at ${width} px`);
      await byReason.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-reasons-${width}.png` });
    }
  });
});
