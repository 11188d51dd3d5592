import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./axe.ts";
import { expect, failedResource, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Her talent manager (issue 29), in a browser: an approver fills in her profile with a photo
 * she consents to, makes herself the manager of one approved model from the model's page and
 * of two more at once from the approved list; the model's dashboard then shows her manager's
 * first name, photo, introduction and a WhatsApp link to the stored number. Axe at 390 and
 * 1366 px; screenshots for a person to look at.
 */

// Screenshots to look at, only when asked for (SHOTS_DIR=<folder>): each costs CI a second.
const SHOTS = process.env.SHOTS_DIR;
const MANAGER = "marta.manager@example.com";
const MODEL = "manon.model@example.com";
const applicants = [
  { fullName: "Manon Gerente Silva", email: MODEL },
  { fullName: "Nadia Gerente Costa", email: "nadia.gerente@manager.example" },
  { fullName: "Olga Gerente Reis", email: "olga.gerente@manager.example" },
] as const;

const en = (key: string, vars?: Record<string, string | number>) => {
  if (vars?.count === undefined) return t("en", key, vars);
  return t("en", `${key}_${vars.count === 1 ? "one" : "other"}`, vars);
};

async function shots(page: Page, name: string, label: string) {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `${label} (${width} px)`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const face = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: "#c98f7a" } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="600"><circle cx="300" cy="250" r="130" fill="#f1d3c2"/><rect x="140" y="400" width="320" height="200" rx="120" fill="#0f5c60"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

test.describe("her talent manager", () => {
  test.describe.configure({ mode: "serial" });
  let ids: number[] = [];

  test.beforeAll(async ({ app, playwright }) => {
    const visitor = await playwright.request.newContext();
    for (const { fullName, email } of applicants) {
      const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
        headers: { origin: app.origin },
        form: {
          fullName,
          age: "25",
          email,
          instagram: "@gerente.studio",
          experience: "beginner",
          message: "Quero uma gerente que me acompanhe.",
          consent: "on",
        },
      });
      expect(sent.status()).toBe(200);
    }
    await visitor.dispose();
    // Approved by an admin, as from her page.
    const admin = await playwright.request.newContext();
    await app.signIn(admin, "admin");
    const list = await (await admin.get(`${app.origin}/admin/pendentes?q=gerente`)).text();
    ids = [...new Set([...list.matchAll(/\/admin\/cadastros\/(\d+)/g)].map((m) => Number(m[1])))];
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const decided = await admin.post(`${app.origin}/admin/cadastros/${id}`, {
        headers: { origin: app.origin },
        form: { from: "Pendente", to: "Aprovado", note: "" },
        maxRedirects: 0,
      });
      expect(decided.status()).toBeLessThan(400);
    }
    await admin.dispose();
  });

  test("she fills in her profile with a photo, then assigns from the page and in bulk", async ({
    app,
    page,
    browserErrors,
  }) => {
    test.setTimeout(paced(150_000));
    browserErrors.allow(failedResource(400)); // the refused profile is answered 400
    await page.setViewportSize({ width: 1366, height: 900 });
    await app.signIn(page, "approver", { email: MANAGER });

    // The sidebar leads to her profile.
    await page.goto(`${app.origin}/admin/dashboard`);
    await waitForHydration(page);
    await page
      .getByRole("link", { name: en("manager.nav") })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.locator("h1")).toHaveText(en("manager.profile.title"));
    await page.getByLabel(en("manager.profile.displayName")).fill("Marta Lima");
    await page.getByLabel(en("manager.profile.whatsapp")).fill("(48) 99123-4567");
    // A link that is not https is refused on the server, with every word she typed kept.
    await page.getByLabel(en("manager.profile.meetingUrl")).fill("http://meet.example.com/marta");
    const intro = (lang: string, name: string) =>
      page.getByLabel(en("manager.profile.introIn", { language: name }));
    await intro("pt", "Português").fill("Oi! Eu acompanho seus primeiros passos na agência.");
    await intro("en", "English").fill("Hi! I look after your first steps with the agency.");
    await page.getByRole("button", { name: en("manager.profile.save") }).click();
    await expect(page.getByText(en("manager.profile.errors.meetingUrl"))).toBeVisible();
    await expect(intro("en", "English")).toHaveValue(
      "Hi! I look after your first steps with the agency.",
    );
    await shots(page, "profile-refused", "her profile, refused");

    // A photo without her consent is refused too, before it is even decoded.
    await page.getByLabel(en("manager.profile.meetingUrl")).fill("https://meet.example.com/marta");
    const photo = async () =>
      page.getByLabel(en("manager.profile.newPhoto")).setInputFiles({
        name: "marta.jpg",
        mimeType: "image/jpeg",
        buffer: await face(),
      });
    await photo();
    await page.getByRole("button", { name: en("manager.profile.save") }).click();
    await expect(page.getByText(en("manager.profile.errors.consent"))).toBeVisible();
    await expect(page.getByLabel(en("manager.profile.meetingUrl"))).toHaveValue(
      "https://meet.example.com/marta",
    );
    await photo();
    await page.getByLabel(en("manager.profile.consent")).check();
    await page.getByRole("button", { name: en("manager.profile.save") }).click();
    await expect(page.getByText(en("manager.profile.saved"))).toBeVisible();
    await expect(page.getByRole("img", { name: en("manager.profile.photoAlt") })).toBeVisible();
    await expect(page.getByLabel(en("manager.profile.whatsapp"))).toHaveValue("+55 48 99123 4567");
    await shots(page, "profile", "her profile, saved");

    // Manon's page: "I'll be her manager".
    await page.goto(`${app.origin}/admin/cadastros/${ids[0]}`);
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: en("manager.assign.title") });
    await expect(panel).toContainText(en("manager.assign.none"));
    await panel.getByRole("button", { name: en("manager.assign.assignMe") }).click();
    await expect(panel.getByRole("status")).toHaveText(en("manager.assign.done"));
    await expect(panel).toContainText("Marta Lima");
    await shots(page, "detail", "the application's page with her manager");

    // The approved list: the other two ticked, Marta chosen, "Assign manager".
    await page.goto(`${app.origin}/admin/aprovados?q=gerente`);
    await waitForHydration(page);
    for (const { fullName } of applicants.slice(1)) {
      await page
        .getByRole("checkbox", { name: en("admin.bulk.selectOne", { name: fullName }) })
        .check();
    }
    const bar = page.getByRole("form", { name: en("manager.bulk.title") });
    await bar.getByRole("combobox", { name: en("manager.assign.label") }).selectOption({
      label: "Marta Lima",
    });
    await bar.getByRole("button", { name: en("manager.bulk.assign") }).click();
    await expect(bar.getByRole("status")).toHaveText(en("manager.bulk.done", { count: 2 }));
    await shots(page, "bulk", "the approved list after a bulk assignment");
  });

  test("the model sees her manager on her dashboard, with a WhatsApp link to the stored number", async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(90_000));
    await app.signIn(page, "model", { email: MODEL, lang: "en" });
    await page.goto(`${app.origin}/dashboard/model`);
    await waitForHydration(page);
    const card = page.getByRole("region", { name: en("manager.card.title") });
    await expect(card).toContainText("Marta");
    await expect(card).not.toContainText("Lima");
    await expect(card).toContainText("Hi! I look after your first steps with the agency.");
    await expect(
      card.getByRole("img", { name: en("manager.card.photoAlt", { name: "Marta" }) }),
    ).toBeVisible();
    await expect(card.getByRole("link", { name: en("manager.card.whatsapp") })).toHaveAttribute(
      "href",
      `https://wa.me/5548991234567?text=${encodeURIComponent(en("manager.card.whatsappText", { name: "Marta" }))}`,
    );
    await shots(page, "model-card", "the model's dashboard with her manager");
    // Her mail: her manager's first name, nothing about the work.
    const mail = await app.mail.mailAbout(
      MODEL,
      t("pt", "manager.mail.model.first", { manager: "Marta" }),
    );
    expect(mail.subject).toBe(t("pt", "manager.mail.model.subject"));
    expect(mail.text).not.toContain("Lima");
  });
});
