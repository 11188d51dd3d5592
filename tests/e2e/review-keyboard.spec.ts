import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The review with the keyboard alone (issue 17): a reviewer finds applications with "/", walks
 * the list with j and k, opens one with Enter, moves between applications with j and k, approves
 * one with a and rejects another with r and a reason, each confirmed in a dialog that posts the
 * page's own decision form; "?" lists the shortcuts. Nothing here is clicked.
 */

// Names no other spec uses: the pending list searched for "tecla" holds exactly these three.
const applicants = [
  { fullName: "Tecla Ana Souza", email: "tecla.ana@keys.example" },
  { fullName: "Tecla Bia Lima", email: "tecla.bia@keys.example" },
  { fullName: "Tecla Carla Reis", email: "tecla.carla@keys.example" },
] as const;
const [ana, bia, carla] = applicants;
const REASON = "Fotos insuficientes (teclado)";

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const pending = en("admin.status.Pendente");

/** The polite live region that says what each shortcut did (the page has other status areas). */
const said = (page: Page, text: string) =>
  expect(page.locator("#review-keys-live[role=status][aria-live=polite]")).toContainText(text);

test.describe("reviewing with the keyboard", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ app, playwright }) => {
    // Oldest first: Ana, Bia, Carla; the list is asked for newest first (pending opens oldest first).
    for (const { fullName, email } of applicants) {
      const sent = await (
        await playwright.request.newContext()
      ).post(`${app.origin}/?index&lang=pt`, {
        headers: { origin: app.origin },
        form: {
          fullName,
          age: "25",
          email,
          instagram: "@tecla.studio",
          experience: "beginner",
          message: "Quero começar com uma equipe séria.",
          consent: "on",
        },
      });
      expect(sent.status()).toBe(200);
    }
    // A rejection reason, as an admin adds it under E-mail.
    const admin = await playwright.request.newContext();
    await app.signIn(admin, "admin");
    const added = await admin.post(`${app.origin}/admin/email/reasons`, {
      headers: { origin: app.origin },
      form: { intent: "reason-add", label: REASON },
    });
    expect(added.ok()).toBe(true);
    await admin.dispose();
  });

  test("j/k, Enter, a, r with a reason, / and ? without a pointer", async ({ app, page }) => {
    test.setTimeout(paced(90_000));
    await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/pendentes?sort=newest`);
    await waitForHydration(page);

    // Documented where she works.
    await expect(page.getByRole("button", { name: en("admin.keys.hint") })).toBeVisible();

    // "/" goes to the search field; there j and a are letters, not shortcuts.
    const search = page.getByRole("searchbox");
    await page.keyboard.press("/");
    await expect(search).toBeFocused();
    await said(page, en("admin.keys.searching"));
    await page.keyboard.type("ja");
    await expect(search).toHaveValue("ja");
    await expect(search).toBeFocused();
    await expect(page).toHaveURL(`${app.origin}/admin/pendentes?sort=newest`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.keyboard.press("Control+a");
    await page.keyboard.type("tecla");
    await page.keyboard.press("Enter");
    // The filters' form sends its empty fields too.
    await expect(page).toHaveURL(/\/admin\/pendentes\?q=tecla&/);
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(4);

    // Escape leaves the field; j and k move the focus from row to row, and say where it is.
    await page.keyboard.press("Escape");
    await expect(search).not.toBeFocused();
    await expect(search).toHaveValue("tecla");
    const link = (name: string) => page.getByRole("link", { name, exact: true });
    await page.keyboard.press("j");
    await expect(link(carla.fullName)).toBeFocused();
    const at = (name: string, position: number) =>
      en("admin.keys.at", { name, position, total: 3, status: pending });
    await said(page, at(carla.fullName, 1));
    await page.keyboard.press("j");
    await expect(link(bia.fullName)).toBeFocused();
    await said(page, at(bia.fullName, 2));
    await page.keyboard.press("k");
    await expect(link(carla.fullName)).toBeFocused();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(link(ana.fullName)).toBeFocused();
    await page.keyboard.press("j");
    await expect(link(ana.fullName)).toBeFocused();
    await said(page, en("admin.keys.lastOnPage"));
    // With a modifier held, the key is the browser's.
    await page.keyboard.press("Alt+k");
    await expect(link(ana.fullName)).toBeFocused();

    // Enter opens her application, in this list.
    await page.keyboard.press("Enter");
    const heading = page.locator("h1");
    await expect(heading).toHaveText(ana.fullName);
    await expect(page).toHaveURL(/\/admin\/cadastros\/\d+\?list=pendentes&q=tecla&sort=newest$/);

    // k and j: the previous and next application of the same list, in its order.
    await page.keyboard.press("k");
    await expect(heading).toHaveText(bia.fullName);
    await said(page, en("admin.keys.openingPrevious", { name: bia.fullName }));
    await page.keyboard.press("j");
    await expect(heading).toHaveText(ana.fullName);
    await page.keyboard.press("j");
    await said(page, en("admin.keys.noNext"));
    await expect(heading).toHaveText(ana.fullName);
    await page.keyboard.press("k");
    await expect(heading).toHaveText(bia.fullName);

    // a: approving asks first, in a dialog that passes axe; Enter confirms.
    await page.keyboard.press("a");
    const approve = page.getByRole("dialog", {
      name: en("admin.keys.approveTitle", { name: bia.fullName }),
    });
    await expect(approve).toBeVisible();
    await expect(
      approve.getByRole("button", { name: en("admin.detail.toAprovado") }),
    ).toBeFocused();
    await expectAccessible(page, "the approval dialog");
    await page.keyboard.press("Enter");
    await expect(approve).toHaveCount(0);
    const changed = (status: string) =>
      en("admin.detail.changed", { status: en(`admin.status.${status}`) });
    // The page's own notice, as after a button; the live region says it too.
    const notice = (text: string) =>
      page.getByRole("status").filter({ hasText: text }).and(page.locator("p"));
    await expect(notice(changed("Aprovado"))).toBeVisible();
    await said(page, changed("Aprovado"));
    await expect(page).toHaveURL(/\?list=pendentes&q=tecla&sort=newest&notice=Aprovado$/);
    const approved = await app.mail.mailTo(bia.email, 1); // after her confirmation
    expect(approved.subject).toBe(t("pt", "mail.approved.subject"));
    // Decided: a second a is refused on the page, and said why.
    await page.keyboard.press("a");
    await said(page, en("admin.keys.cannotApprove", { status: en("admin.status.Aprovado") }));
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // She has left the pending list, but j still goes on from where she was.
    await page.keyboard.press("j");
    await expect(heading).toHaveText(ana.fullName);

    // r: the reason comes first; Escape cancels, nothing is sent.
    await page.keyboard.press("r");
    const reject = page.getByRole("dialog", {
      name: en("admin.keys.rejectTitle", { name: ana.fullName }),
    });
    const reason = reject.getByRole("combobox", { name: en("admin.detail.reason") });
    await expect(reason).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(reject).toHaveCount(0);
    const stillPending = page.getByRole("button", { name: en("admin.detail.toReprovado") });
    await expect(stillPending).toBeVisible();

    await page.keyboard.press("r");
    await expect(reason).toBeFocused();
    // Closed and asked for again in the same moment (the closed dialog's "close" event still on
    // its way when r arrives): the dialog asked for last stays open.
    await page.evaluate(() => {
      document.querySelector<HTMLDialogElement>("dialog[open]")!.close();
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    });
    await expect(reason).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(reason.locator("option:checked")).toHaveText(REASON);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Faltam fotos recentes.");
    await page.keyboard.press("Tab");
    await expect(
      reject.getByRole("button", { name: en("admin.detail.toReprovado") }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(notice(changed("Reprovado"))).toBeVisible();
    await expect(page.getByRole("region", { name: en("admin.detail.history") })).toContainText(
      "Faltam fotos recentes.",
    );
    const rejected = await app.mail.mailTo(ana.email, 1);
    expect(rejected.subject).toBe(t("pt", "mail.rejected.subject"));
    expect(rejected.text).toContain("Faltam fotos recentes.");

    // "/" from an application: back to her list's search field.
    await page.keyboard.press("/");
    await expect(page).toHaveURL(`${app.origin}/admin/pendentes?q=tecla&sort=newest`);
    await expect(search).toBeFocused();
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("table")).toContainText(carla.fullName);

    // a on the list: her application opens with the approval to confirm; Escape leaves it be.
    await page.keyboard.press("Escape");
    await page.keyboard.press("j");
    await expect(link(carla.fullName)).toBeFocused();
    await page.keyboard.press("a");
    await expect(heading).toHaveText(carla.fullName);
    const approveCarla = page.getByRole("dialog", {
      name: en("admin.keys.approveTitle", { name: carla.fullName }),
    });
    await expect(approveCarla).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(approveCarla).toHaveCount(0);
    await expect(stillPending).toBeVisible();

    // ?: the shortcuts, in a labelled dialog that keeps the focus, passes axe, closes on Escape.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: en("admin.keys.title") });
    await expect(help).toBeVisible();
    await expect(help).toContainText(en("admin.keys.detail.reject"));
    const close = help.getByRole("button", { name: en("admin.keys.close") });
    await expect(close).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(close).toBeFocused();
    await expectAccessible(page, "the shortcuts dialog");
    // Behind it the shortcuts sleep: j would otherwise open another application.
    await page.keyboard.press("j");
    await expect(heading).toHaveText(carla.fullName);
    await page.keyboard.press("Escape");
    await expect(help).toHaveCount(0);

    // The list's own dialog, opened by ?, names Enter and Escape's part there.
    await page.goto(`${app.origin}/admin/pendentes?q=tecla`);
    await waitForHydration(page);
    await page.keyboard.press("?");
    const listHelp = page.getByRole("dialog", { name: en("admin.keys.title") });
    await expect(listHelp).toContainText(en("admin.keys.list.next"));
    await expect(listHelp).toContainText(en("admin.keys.escapeSearch"));
    await expectAccessible(page, "the list's shortcuts dialog");
    await page.keyboard.press("Escape");
    await expect(listHelp).toHaveCount(0);
    await expectAccessible(page, "the list with the keyboard hint");
  });
});
