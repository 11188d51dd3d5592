import sharp from "sharp";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * An approver's morning with the keyboard alone (issue 28): she finds this morning's applicants
 * by a part of their surname, opens the oldest, looks through her photo, leaves the team a
 * private note for the admin, takes the application, rates it, approves, takes the approval back
 * within its minute and approves again; then she rejects the other two at once with a reason,
 * the count confirmed first. No pointer anywhere; axe on every screen she passes.
 */

// A surname no other spec uses, found from the middle of each name.
const applicants = [
  { fullName: "Ana Amanhecer Souza", email: "ana.amanhecer@morning.example" },
  { fullName: "Bia Amanhecer Lima", email: "bia.amanhecer@morning.example" },
  { fullName: "Carla Amanhecer Reis", email: "carla.amanhecer@morning.example" },
] as const;
const [ana, bia, carla] = applicants;
const REASON = "Portfólio ainda curto (manhã)";
const UNDO_SECONDS = 20;
test.use({ serverEnv: { DECISION_UNDO_SECONDS: String(UNDO_SECONDS) } });

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);

/** A photo as a phone takes one: a JPEG of a colour. */
const photo = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: "#c98b6b" } })
    .jpeg()
    .toBuffer();

test.describe("an approver's morning", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ app, playwright }) => {
    const visitor = await playwright.request.newContext();
    // In this order: Ana is the oldest, the first of Pendentes.
    for (const [index, person] of applicants.entries()) {
      const answers = {
        fullName: person.fullName,
        age: "25",
        email: person.email,
        instagram: "@amanhecer.studio",
        experience: "beginner",
        message: "Quero começar com uma equipe séria.",
        consent: "on",
      };
      const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
        headers: { origin: app.origin, "x-forwarded-for": `198.51.100.${index + 20}` },
        // Ana sends a photo with her answers, as the form does (multipart).
        ...(index === 0
          ? {
              multipart: {
                ...answers,
                photos: { name: "ana.jpg", mimeType: "image/jpeg", buffer: await photo() },
              },
            }
          : { form: answers }),
      });
      expect(sent.status(), person.fullName).toBe(200);
    }
    await visitor.dispose();
    const admin = await playwright.request.newContext();
    await app.signIn(admin, "admin");
    const added = await admin.post(`${app.origin}/admin/email/reasons`, {
      headers: { origin: app.origin },
      form: { intent: "reason-add", label: REASON },
    });
    expect(added.ok()).toBe(true);
    await admin.dispose();
  });

  test("find, look, note, own, rate, approve, undo, approve; two rejected at once", async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(180_000));
    await page.setViewportSize({ width: 1366, height: 900 });
    const approver = await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/pendentes`);
    await waitForHydration(page);

    // "/" to the search, a part of the surname, Enter: this morning's three, oldest first.
    await page.keyboard.press("/");
    await expect(page.getByRole("searchbox")).toBeFocused();
    await page.keyboard.type("amanhecer");
    await page.keyboard.press("Enter");
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText(ana.fullName);
    await expect(rows.nth(1).getByRole("img")).toBeVisible(); // her photo beside her name
    await expectAccessible(page, "this morning's pending applications");

    // j to Ana, Enter opens her application.
    await page.keyboard.press("Escape");
    await page.keyboard.press("j");
    await expect(page.getByRole("link", { name: ana.fullName, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("h1")).toHaveText(ana.fullName);
    await waitForHydration(page);

    // Her photo, larger, and back.
    const open = page.getByRole("link", {
      name: en("admin.detail.photos.open", { position: 1, count: 1 }),
    });
    await open.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog");
    await expect(viewer).toBeVisible();
    await expectAccessible(page, "her photo, larger");
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(open).toBeFocused();

    // A private note for the admin: the box, "@Ad", Enter picks her, Tab and Enter post it.
    const box = page.locator("#note-body");
    await box.focus();
    await page.keyboard.type("Fotos boas, ");
    await page.keyboard.type("@Ad");
    const suggestions = page.getByRole("listbox", { name: en("admin.notes.suggestions") });
    await expect(suggestions.getByRole("option", { name: "@Ada Admin" })).toBeVisible();
    await page.keyboard.press("Enter");
    await page.keyboard.type("pode confirmar a idade?");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: en("admin.notes.add") })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#notes ol > li")).toHaveCount(1);
    await expect(page.locator("#notes ol > li").first()).toContainText("pode confirmar a idade?");

    // She takes it, and rates it four stars.
    const team = page.getByRole("region", { name: en("admin.owner.panelTitle") });
    await team.getByRole("button", { name: en("admin.owner.assignMe") }).focus();
    await page.keyboard.press("Enter");
    await expect(team).toContainText(approver.name);
    const star = (count: number) =>
      team.getByRole("group", { name: en("admin.rating.yours") }).getByRole("radio", {
        name: en(`admin.rating.stars_${count === 1 ? "one" : "other"}`, { count }),
      });
    await star(1).focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(star(4)).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(team).toContainText(en("admin.rating.average_one", { average: "4.0", count: 1 }));
    await expectAccessible(page, "her application with a note, an owner and a rating");

    // a, Enter: approved. The notice takes the focus; Undo is there for a minute.
    // Her focus is where she left it (the rating's button), not taken back by the notes.
    await expect(page.locator("#note-body")).not.toBeFocused();
    await page.keyboard.press("a");
    const approve = page.getByRole("dialog", {
      name: en("admin.keys.approveTitle", { name: ana.fullName }),
    });
    await expect(approve).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(approve).toHaveCount(0);
    const undo = page.getByRole("button", { name: en("admin.undo.button") });
    await expect(undo).toBeVisible();
    await undo.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: en("admin.undo.outcome.done_one", { count: 1 }) }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: en("admin.detail.toAprovado") })).toBeVisible();

    // Decided again, and this time it stands.
    await page.keyboard.press("a");
    await expect(approve).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(undo).toBeVisible();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: en("admin.detail.changed", { status: en("admin.status.Aprovado") }) })
        .first(),
    ).toBeVisible();

    // Back to the list she came from: the other two, both rejected at once with a reason.
    await page.getByRole("link", { name: `← ${en("admin.nav.pending")}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/pendentes\?q=amanhecer/);
    await waitForHydration(page);
    await expect(rows).toHaveCount(3);
    await page.getByRole("checkbox", { name: en("admin.bulk.selectAll") }).focus();
    await page.keyboard.press("Space");
    const bar = page.locator("form#bulk");
    await expect(bar).toContainText(en("admin.bulk.selected_other", { count: 2 }));
    const reason = page.getByLabel(en("admin.bulk.reason"), { exact: true });
    await reason.focus();
    await reason.selectOption({ label: REASON }); // a select chosen from the keyboard
    await page.getByRole("button", { name: en("admin.bulk.reject") }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", {
      name: en("admin.bulk.confirm.Reprovado_other", { count: 2 }),
    });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, "the count confirmed before two rejections");
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: en("admin.bulk.done_other", { count: 2 }) }),
    ).toBeVisible();
    await expect(page.getByText(bia.fullName)).toHaveCount(0);
    await expect(page.getByText(carla.fullName)).toHaveCount(0);
    await expectAccessible(page, "the list after the rejections");
  });
});
