import type { Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { recipientsOf } from "#app/test/smtp-server.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The team at work on one applicant (issue 28), in a real browser against its own server and
 * SMTP server: an approver finds her among the duplicates, writes a private note mentioning the
 * admin with the keyboard alone (the suggestions: arrows, Enter), the note's `<script>` shows as
 * text and runs nowhere; the admin, who hears at once, gets a discreet mail, follows its link and
 * reads the note; then she merges the duplicate into it. A browser without JavaScript writes a
 * note with the plain form. Axe on the page with notes at 1366 and 390 px; with SHOTS_DIR set,
 * screenshots of each state.
 */
const APPROVER = "nora.notes@example.com";
const ADMIN = "alma.notes@example.com";
const APPLICANT = "luana.notas@example.com";
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe.configure({ mode: "serial", timeout: paced(120_000) });

test("an approver mentions the admin by keyboard; the admin is mailed, reads it and merges", async ({
  app,
  browser,
  request,
}) => {
  // The admin hears at once (her choice in Notifications).
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const admin = await adminContext.newPage();
  await app.signIn(admin, "admin", { email: ADMIN });
  await admin.goto(`${app.origin}/account/notifications`);
  await waitForHydration(admin);
  await admin.getByRole("radio", { name: t("en", "notifications.modes.instant") }).check();
  await admin.getByRole("button", { name: t("en", "notifications.save") }).click();
  await expect(admin.getByRole("status")).toHaveText(t("en", "notifications.saved"));

  // She applied twice with one address.
  for (const message of ["Primeira vez que escrevo.", "Escrevo de novo, com meu WhatsApp."]) {
    const sent = await request.post(`${app.origin}/?index&lang=pt`, {
      headers: { origin: app.origin, "x-forwarded-for": "203.0.113.61" },
      form: {
        fullName: "Luana Notas Ferreira",
        age: "26",
        email: APPLICANT,
        instagram: "@luana.nf",
        experience: "beginner",
        message,
        consent: "on",
      },
    });
    expect(sent.status()).toBe(200);
  }

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await app.signIn(page, "approver", { email: APPROVER });
  await page.goto(`${app.origin}/admin/cadastros?q=${APPLICANT}`);
  await waitForHydration(page);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(
    rows.first().getByRole("link", { name: t("en", "admin.duplicates.badge") }),
  ).toBeVisible();
  await shot(page, "list-duplicates-1366");
  await rows.first().getByRole("link", { name: "Luana Notas Ferreira" }).click();
  await expect(page).toHaveURL(/\/admin\/cadastros\/\d+/);
  const applicationUrl = page.url().split("?")[0]!;
  await waitForHydration(page);
  // The duplicate is flagged beside her name, above the fold.
  const badge = page.getByRole("link", {
    name: t("en", "admin.duplicates.count_one", { count: 1 }),
  });
  await expect(badge).toBeInViewport();
  // The decision's note says it is hers; the private notes say they are not.
  await expect(page.getByLabel(t("en", "admin.notes.toApplicant"))).toBeVisible();
  await expect(page.getByText(t("en", "admin.notes.internal"))).toBeVisible();

  // To the note's box with Tab alone.
  const box = page.locator("#note-body");
  for (let presses = 0; presses < 80; presses++) {
    if (await box.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(box).toBeFocused();
  await page.keyboard.type("Ótima candidata, ");
  await page.keyboard.type("@alm");
  const suggestions = page.getByRole("listbox", { name: t("en", "admin.notes.suggestions") });
  await expect(suggestions.getByRole("option", { name: "@Alma Notes" })).toBeVisible();
  await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
  await expect(page.getByRole("status").filter({ hasText: /colleague/ })).toHaveText(
    t("en", "admin.notes.suggestionCount_one", { count: 1 }),
  );
  await expectAccessible(page, "the detail with the suggestions open");
  await shot(page, "mention-suggestions-1366");
  await page.keyboard.press("Enter");
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveValue("Ótima candidata, @Alma Notes ");
  await page.keyboard.type("pode olhar? <script>window.__noteRan = 1</script> <b>negrito</b>");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: t("en", "admin.notes.add") })).toBeFocused();
  await page.keyboard.press("Enter");

  const notes = page.locator("#notes ol > li");
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText(
    "pode olhar? <script>window.__noteRan = 1</script> <b>negrito</b>",
  );
  await expect(notes.first().getByText("@Alma Notes", { exact: true })).toBeVisible();
  await expect(notes.first()).toContainText("Nora Notes");
  expect(await page.evaluate(() => (window as { __noteRan?: number }).__noteRan)).toBeUndefined();
  await expect(notes.first().locator("b")).toHaveCount(0);
  // The box emptied, the caret left in it for the next note.
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();
  await expectAccessible(page, "the detail with a note");
  await shot(page, "detail-note-1366");

  // Her own note, within ten minutes: changed in place (marked "edited"), and a second one deleted.
  await notes
    .first()
    .locator("summary", { hasText: t("en", "admin.notes.edit") })
    .click();
  const editBox = notes.first().locator("textarea");
  await editBox.press("End");
  await editBox.pressSequentially(" Editado.");
  await notes
    .first()
    .getByRole("button", { name: t("en", "admin.notes.save") })
    .click();
  await expect(notes.first()).toContainText("Editado.");
  await expect(notes.first()).toContainText(t("en", "admin.notes.editedMark"));
  await box.fill("Rascunho para apagar");
  await page.getByRole("button", { name: t("en", "admin.notes.add") }).click();
  await expect(notes).toHaveCount(2);
  await notes
    .nth(1)
    .getByRole("button", { name: new RegExp(t("en", "admin.notes.delete")) })
    .click();
  await expect(notes).toHaveCount(1);
  await expect(page.locator("#notes-title")).toBeFocused();
  await expect(page.locator("#notes").getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    t("en", "admin.notes.done.deleted"),
  );

  // The admin's mail: who mentioned her, "Luana F.", the link; nothing of the note.
  // (She hears of each new application at once too: the mention is the mail with its subject.)
  const subject = t("pt", "admin.notes.mail.subject");
  let mail: ParsedMail | undefined;
  await expect
    .poll(
      () =>
        (mail = app.mail.received.find(
          (m) => recipientsOf(m).includes(ADMIN) && m.subject === subject,
        )),
      { message: "the mention's mail to the admin", timeout: paced(15_000) },
    )
    .toBeTruthy();
  expect(`${mail!.text}`).toContain("Luana F.");
  expect(`${mail!.text}`).toContain("Nora Notes");
  const link = /https?:\/\/\S+\/admin\/cadastros\/\d+#notes/.exec(`${mail!.text}`)?.[0];
  expect(link).toBeTruthy();
  for (const secret of ["Ferreira", "olhar", "script", "negrito", "Ótima"]) {
    expect(`${mail!.subject}${mail!.text}${mail!.html}`, secret).not.toContain(secret);
  }

  const path = new URL(link!).pathname;
  await admin.goto(`${app.origin}${path}#notes`);
  await waitForHydration(admin);
  expect(admin.url().split("#")[0]).toBe(applicationUrl);
  await expect(admin.locator("#notes ol > li").first()).toContainText("pode olhar?");
  // Not hers to change: no edit or delete.
  await expect(admin.locator("#notes summary")).toHaveCount(0);
  await expect(
    admin
      .locator("#notes")
      .getByRole("button", { name: new RegExp(t("en", "admin.notes.delete")) }),
  ).toHaveCount(0);
  await expectAccessible(admin, "the admin's view of the detail with notes at 1366 px");
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(admin, "the detail with notes at 390 px");
  await shot(admin, "detail-note-390");
  await admin.setViewportSize({ width: 1366, height: 900 });

  // She merges the other application into this one.
  await admin.getByText(t("en", "admin.duplicates.merge")).click();
  await admin.getByLabel(t("en", "admin.duplicates.confirm")).check();
  await expectAccessible(admin, "the merge's second step");
  await shot(admin, "merge-step-1366");
  await admin.getByRole("button", { name: t("en", "admin.duplicates.mergeButton") }).click();
  await expect(admin).toHaveURL(/\?duplicates=merged/);
  expect(admin.url().split("?")[0]).toBe(applicationUrl);
  await expect(admin.getByRole("status").first()).toHaveText(t("en", "admin.duplicates.merged"));
  await expect(
    admin.getByRole("link", { name: t("en", "admin.duplicates.count_one", { count: 1 }) }),
  ).toHaveCount(0);
  await expect(admin.locator("#history-title")).toBeVisible();
  await expect(admin.getByText(/was merged into this one/)).toBeVisible();
  await shot(admin, "merged-1366");

  await context.close();
  await adminContext.close();
});

test("a browser without JavaScript writes a note with the plain form", async ({ app, browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await app.signIn(context, "approver", { email: APPROVER });
  await page.goto(`${app.origin}/admin/cadastros?q=${APPLICANT}&lang=en`);
  await page
    .locator("tbody tr")
    .first()
    .getByRole("link", { name: "Luana Notas Ferreira" })
    .click();
  await page.locator("#note-body").fill("Sem JavaScript, @Alma Notes: liguei e ela confirmou.");
  await page.getByRole("button", { name: t("en", "admin.notes.add") }).click();
  await expect(page).toHaveURL(/\?notes=added#notes$/);
  await expect(page.getByText(t("en", "admin.notes.done.added"))).toBeVisible();
  await expect(page.locator("#notes ol > li").last()).toContainText("liguei e ela confirmou");
  await context.close();
});
