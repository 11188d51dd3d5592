import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { recipientsOf } from "#app/test/smtp-server.ts";
import { pdfText } from "#app/test/pdf-text.ts";
import { pendingApplicationId } from "./admin-screens.ts";
import { expectAccessible } from "./axe.ts";
import { expect, failedResource, t, test, waitForHydration, type AppServer } from "./fixtures.ts";
import { PASSWORD } from "./accounts.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Her contract (issue 30), through the screens: Lara, an admin, writes the agency's contract and
 * its details, approves Sofia and offers her the contract at 33.33 %; Sofia, on her phone, reads
 * it in her dashboard and signs it with her typed name, the box and her password, is told by
 * mail that a document is ready, and downloads the PDF, whose audit page carries the SHA-256 her
 * page showed; Lara countersigns and Sofia's dashboard says both signed. Axe on every screen;
 * with SHOTS_DIR set, her contract page and the admin's screens at 390 and 1366 px, pt and en.
 */
test.describe.configure({ mode: "serial", timeout: paced(120_000) });

const ADMIN = "lara.contract@example.com";
const MODEL = "sofia.contract@example.com";
const FULL_NAME = "Sofia Contract Lima";
const SHOTS = process.env.SHOTS_DIR;
const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const pt = (key: string, vars?: Record<string, string | number>) => t("pt", key, vars);

const BODY = [
  "## 1. As partes",
  "{{agency_legal_name}}, CNPJ {{agency_cnpj}} (a agência), e {{legal_name}}, documento terminado em {{document_last_digits}} (a modelo).",
  "",
  "## 2. Remuneração",
  "- A agência recebe {{agency_share}} dos ganhos brutos da modelo.",
  "- Este contrato começa em {{start_date}}.",
  "",
  "As partes concordam com a assinatura eletrônica deste contrato.",
].join("\n");

/** A page at both widths and in both languages, then back where it was. */
async function shoot(page: Page, url: string, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const lang of ["pt", "en"] as const) {
    const [path, hash] = url.split("#");
    await page.goto(
      `${path}${path!.includes("?") ? "&" : "?"}lang=${lang}${hash ? `#${hash}` : ""}`,
    );
    await waitForHydration(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(size);
}

let applicationId = 0;
let shownHash = "";

async function adminDesk(browser: Browser, app: AppServer): Promise<[BrowserContext, Page]> {
  const staff = await browser.newContext({
    baseURL: app.origin,
    viewport: { width: 1366, height: 900 },
  });
  const desk = await staff.newPage();
  await app.signIn(desk, "admin", { email: ADMIN });
  return [staff, desk];
}

test("an admin writes the contract, approves her, and offers it at 33.33 %", async ({
  app,
  browser,
  playwright,
}) => {
  // Sofia applies through the chatbot, with her document number.
  const visitor = await playwright.request.newContext();
  const sent = await visitor.post(`${app.origin}/api/chatbot?lang=pt`, {
    headers: { origin: app.origin },
    data: {
      fullName: FULL_NAME,
      dateOfBirth: "1996-04-12",
      country: "BR",
      city: "Florianópolis",
      phone: "+55 (48) 99876-1234",
      email: MODEL,
      document: "123.456.789-09",
      instagram: "@sofia.contract",
      experience: "beginner",
      message: "Quero trabalhar com uma agência.",
      consent: "on",
      website: "",
    },
  });
  expect(sent.status()).toBe(200);
  await visitor.dispose();

  const [staff, desk] = await adminDesk(browser, app);
  await desk.goto(`${app.origin}/admin/contracts?lang=en`);
  await waitForHydration(desk);
  await expect(desk.getByText(en("contracts.templates.noneInPortuguese"))).toBeVisible();
  await desk.getByLabel(en("contracts.agency.legalName")).fill("Maré Talent Agenciamento Ltda.");
  await desk.getByLabel(en("contracts.agency.cnpj")).fill("11.222.333/0001-82");
  await desk.getByRole("button", { name: en("contracts.agency.save"), exact: true }).click();
  await expect(desk.getByText(en("contracts.errors.cnpj"))).toBeVisible();
  await desk.getByLabel(en("contracts.agency.cnpj")).fill("11.222.333/0001-81");
  await desk.getByRole("button", { name: en("contracts.agency.save"), exact: true }).click();
  await expect(desk.getByText(en("contracts.templates.done.agency"))).toBeVisible();

  await desk.getByLabel(en("contracts.templates.titleLabel")).fill("Contrato de agenciamento");
  await desk.getByLabel(en("contracts.templates.bodyLabel")).fill(`${BODY}\n{{nome}}`);
  await desk
    .getByRole("button", { name: en("contracts.templates.publish", { version: 1 }) })
    .click();
  await expect(
    desk.getByText(en("contracts.errors.unknownVariables", { names: "{{nome}}" })),
  ).toBeVisible();
  // What she typed is still there: she takes the stray variable out and looks first.
  await expect(desk.getByLabel(en("contracts.templates.bodyLabel"))).toHaveValue(
    `${BODY}\n{{nome}}`,
  );
  await desk.getByLabel(en("contracts.templates.bodyLabel")).fill(BODY);
  await desk.getByRole("button", { name: en("contracts.templates.preview") }).click();
  const preview = desk.getByRole("region", { name: en("contracts.templates.previewTitle") });
  await expect(preview).toContainText("Maria Exemplo da Silva, documento terminado em 1234");
  await expectAccessible(desk, "the contract templates with a preview");
  await desk
    .getByRole("button", { name: en("contracts.templates.publish", { version: 1 }) })
    .click();
  await expect(
    desk.getByText(en("contracts.templates.done.published", { version: 1 })),
  ).toBeVisible();
  await shoot(desk, `${app.origin}/admin/contracts`, "admin-templates");

  // She approves Sofia from her page and offers the contract on its panel.
  applicationId = await pendingApplicationId(staff.request, MODEL);
  await desk.goto(`${app.origin}/admin/cadastros/${applicationId}?lang=en`);
  await waitForHydration(desk);
  await desk.keyboard.press("a");
  const approve = desk.getByRole("dialog", {
    name: en("admin.keys.approveTitle", { name: FULL_NAME }),
  });
  await expect(approve).toBeVisible();
  await desk.keyboard.press("Enter");
  await expect(approve).toHaveCount(0);
  await desk.goto(`${app.origin}/admin/cadastros/${applicationId}?lang=en`);
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: en("contracts.panel.title") });
  await panel.getByLabel(en("contracts.panel.share")).fill("33.33");
  await panel.getByLabel(en("contracts.panel.startsOn")).fill("2026-12-01");
  await panel.getByRole("button", { name: en("contracts.panel.offer") }).click();
  await expect(desk.getByText(en("contracts.panel.done.offered"))).toBeVisible();
  await expect(panel).toContainText(en("contracts.state.offered"));
  await expectAccessible(desk, "her page with the contract offered");
  await staff.close();
});

test("she reads it on her phone, signs with her password, and downloads the PDF", async ({
  app,
  page,
  browserErrors,
}) => {
  // Her wrong password is answered 400, as the form's own refusal.
  browserErrors.allow(failedResource(400));
  await app.signIn(page, "model", { email: MODEL, lang: "pt" });
  const card = page.getByRole("region", { name: pt("contracts.model.cardTitle") });
  await expect(card).toContainText(pt("contracts.model.state.offered"));
  await card.getByRole("link", { name: pt("contracts.model.openToSign") }).tap();
  await expect(
    page.getByRole("heading", { level: 1, name: pt("contracts.model.title") }),
  ).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText("Sofia Contract Lima, documento terminado em 8909")).toBeVisible();
  await expect(page.getByText(/recebe 33,33\s?% dos ganhos/)).toBeVisible();
  await expectAccessible(page, "her contract to sign, on her phone");
  await shoot(page, `${app.origin}/dashboard/model/contract`, "model-contract-to-sign");
  await page.goto(`${app.origin}/dashboard/model/contract?lang=pt`);
  await waitForHydration(page);

  const form = page.getByRole("region", { name: pt("contracts.model.signTitle") });
  shownHash = (await form.locator('input[name="sha256"]').inputValue()).trim();
  expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
  // A wrong password signs nothing and keeps what she typed.
  await form.getByLabel(pt("contracts.model.nameLabel")).fill("sofia contract lima");
  await form.getByLabel(pt("contracts.model.agree")).check();
  await form.getByLabel(pt("contracts.model.passwordLabel")).fill("not-her-password");
  await form.getByRole("button", { name: pt("contracts.model.sign") }).tap();
  await expect(page.getByText(pt("contracts.errors.wrongSecret"))).toBeVisible();
  await expect(form.getByLabel(pt("contracts.model.nameLabel"))).toHaveValue("sofia contract lima");
  await expect(form.getByLabel(pt("contracts.model.agree"))).toBeChecked();
  await form.getByLabel(pt("contracts.model.passwordLabel")).fill(PASSWORD);
  await form.getByRole("button", { name: pt("contracts.model.sign") }).tap();
  await expect(page.getByText(pt("contracts.model.done.signed"))).toBeVisible();
  const record = page.getByRole("region", { name: pt("contracts.model.recordTitle") });
  await expect(record).toContainText("sofia contract lima");
  await expect(record).toContainText(shownHash);
  await expectAccessible(page, "her signed contract, on her phone");

  const downloading = page.waitForEvent("download");
  await record.getByRole("link", { name: pt("contracts.model.downloadPdf") }).tap();
  const download = await downloading;
  const pages = await pdfText(readFileSync((await download.path())!));
  const audit = pages.at(-1)!;
  expect(audit.replace(/\s+/g, "")).toContain(shownHash);
  expect(audit).toContain("sofia contract lima");
  expect(audit).toContain(pt("contracts.pdf.notCountersigned"));

  // The mail says only that a document is ready: no figure, no term, no hash.
  await expect
    .poll(
      () =>
        app.mail.received.filter(
          (mail) =>
            recipientsOf(mail).includes(MODEL) &&
            mail.subject === pt("mail.contracts.signed.subject"),
        ).length,
    )
    .toBe(1);
  const mail = app.mail.received.find(
    (received) =>
      received.subject === pt("mail.contracts.signed.subject") &&
      recipientsOf(received).includes(MODEL),
  )!;
  expect(mail.attachments).toEqual([]);
  for (const secret of ["33", "8909", "Lima", shownHash])
    expect(mail.text ?? "").not.toContain(secret);
  await shoot(page, `${app.origin}/dashboard/model/contract`, "model-contract-signed");
});

test("an admin countersigns on her page, and her dashboard says both signed", async ({
  app,
  browser,
  page,
}) => {
  const [staff, desk] = await adminDesk(browser, app);
  // Her signature waits on the dashboard, which leads to her page's panel.
  await desk.goto(`${app.origin}/admin/dashboard?lang=en`);
  await waitForHydration(desk);
  const waiting = desk.getByRole("region", { name: en("contracts.dashboard.title") });
  await expect(waiting).toContainText(FULL_NAME);
  await shoot(desk, `${app.origin}/admin/dashboard`, "admin-dashboard");
  await desk.goto(`${app.origin}/admin/dashboard?lang=en`);
  await waitForHydration(desk);
  await waiting.getByRole("link", { name: FULL_NAME }).click();
  await expect(desk).toHaveURL(new RegExp(`/admin/cadastros/${applicationId}#contract$`));
  await waitForHydration(desk);
  const panel = desk.getByRole("region", { name: en("contracts.panel.title") });
  await expect(panel).toContainText(shownHash);
  await panel.getByLabel(en("contracts.panel.countersignName")).fill("Lara Contract");
  await panel.getByRole("button", { name: en("contracts.panel.countersign") }).click();
  await expect(desk.getByText(en("contracts.panel.done.countersigned"))).toBeVisible();
  await expect(panel).toContainText(en("contracts.state.countersigned"));
  await expectAccessible(desk, "her page with the contract countersigned");
  await shoot(desk, `${app.origin}/admin/cadastros/${applicationId}#contract`, "admin-panel");
  await staff.close();

  await app.signIn(page, "model", { email: MODEL, lang: "pt" });
  const card = page.getByRole("region", { name: pt("contracts.model.cardTitle") });
  await expect(card).toContainText(pt("contracts.model.state.countersigned"));
  await card.getByRole("link", { name: pt("contracts.model.open") }).tap();
  const record = page.getByRole("region", { name: pt("contracts.model.recordTitle") });
  await expect(
    record.getByRole("link", { name: pt("contracts.model.downloadFinal") }),
  ).toBeVisible();
  await expectAccessible(page, "her countersigned contract, on her phone");
  await shoot(page, `${app.origin}/dashboard/model`, "model-dashboard");
});
