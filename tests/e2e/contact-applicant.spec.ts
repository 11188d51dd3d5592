import { rmSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { openDatabase } from "#app/db/db.server.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { whatsappLink } from "#app/utils/whatsapp.ts";
import { accountsDataDir, namedAccount, type Account } from "./accounts.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { ownServer, type OwnServer } from "./own-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * "Message on WhatsApp" on an application's page, in a real browser: the button is there for a
 * valid E.164 number and not for one that is not, and a click opens a new tab on WhatsApp's chat
 * with her number and the message of her language (wa.me is answered here: this machine has no
 * way out), recorded in the access report. The forms only store valid numbers, so the invalid
 * one is written into the database before the server starts, as an old row or an import would be.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 23;
const reviewer = namedAccount("irene.contact@example.com");
const admin = namedAccount("ada.contact@example.com");
const VALID = "+34612345678";

test.describe.configure({ mode: "serial", timeout: paced(120_000) });

let server: OwnServer;
let dataDir: string;
const ids = { valid: 0, invalid: 0 };

test.beforeAll(async () => {
  test.setTimeout(paced(180_000));
  // Migrated, with the reviewer and the admin (global-setup.ts).
  dataDir = accountsDataDir("mare-contact-");
  const database = openDatabase({ dataDir, purpose: "contact-applicant.spec.ts" });
  try {
    await database.migrate();
    const row = (fullName: string, email: string, whatsapp: string) => ({
      language: "es",
      fullName,
      email,
      whatsapp,
    });
    const [valid, invalid] = await insertApplicationRows(database.db, [
      row("Lucía Fernández", "lucia.contact@example.com", VALID),
      row("Marta Ruiz", "marta.contact@example.com", "+34 612 34 56 79"),
    ]);
    ids.valid = valid!.id;
    ids.invalid = invalid!.id;
  } finally {
    await database.close();
  }
  server = await ownServer(port, { DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let signIns = 0;
async function signedIn(browser: Browser, { email, password }: Account): Promise<Page> {
  const context = await browser.newContext();
  const response = await context.request.post(`${server.origin}/login`, {
    form: { email, password },
    headers: { origin: server.origin, "x-forwarded-for": `10.98.0.${++signIns}` },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  return context.newPage();
}

interface Hop {
  url: string;
  from?: string;
  method: string;
  referer?: string;
}

/**
 * WhatsApp's side. This machine has no way out, and Playwright routes only the first request of
 * a redirect chain (the post to our server, not the hop to wa.me it is answered with), so the
 * browser's own navigation to wa.me is watched instead: its address, where it came from and what
 * it tells WhatsApp. It then ends in a DNS error, which is not ours to check.
 */
function watchWhatsapp(context: BrowserContext): Hop[] {
  const hops: Hop[] = [];
  context.on("request", (request) => {
    if (new URL(request.url()).origin !== "https://wa.me") return;
    hops.push({
      url: request.url(),
      from: request.redirectedFrom()?.url(),
      method: request.method(),
      referer: request.headers().referer,
    });
  });
  return hops;
}

const whatsappButton = (page: Page) =>
  page.getByRole("button", { name: new RegExp(`^${t("en", "admin.detail.contact.whatsapp")}`) });

/** Clicks the button and waits for the new tab's way to WhatsApp. */
async function openChat(page: Page, hops: Hop[]) {
  const [chat] = await Promise.all([
    page.context().waitForEvent("page", { timeout: paced(15_000) }),
    whatsappButton(page).click(),
  ]);
  await expect.poll(() => hops.length).toBeGreaterThan(0);
  return chat;
}

test("the WhatsApp button opens her chat in her language, and the access report shows it", async ({
  browser,
}) => {
  const page = await signedIn(browser, reviewer);
  const hops = watchWhatsapp(page.context());

  // A number that is not E.164: no button, and the reviewer is told why.
  await page.goto(`${server.origin}/admin/cadastros/${ids.invalid}?lang=en`);
  await waitForHydration(page);
  await expect(page.locator("h1")).toHaveText("Marta Ruiz");
  await expect(whatsappButton(page)).toHaveCount(0);
  await expect(page.getByText(t("en", "admin.detail.contact.invalidNumber"))).toBeVisible();

  // A valid one: the button, which opens a new tab on her chat.
  const detail = `${server.origin}/admin/cadastros/${ids.valid}?lang=en`;
  await page.goto(detail);
  await waitForHydration(page);
  await expect(page.locator("h1")).toHaveText("Lucía Fernández");
  await expect(whatsappButton(page)).toBeVisible();
  await expect(
    page.getByText(t("en", "admin.detail.contact.whatsappHint", { language: "Español" })),
  ).toBeVisible();
  await expectAccessible(page, "the application with its contact buttons");
  const chat = await openChat(page, hops);
  // Her language (Spanish, while the reviewer reads English) and her first name.
  const message = t("es", "mail.whatsapp.body", { name: "Lucía" });
  expect(message).toMatch(/^¡Hola, Lucía! /);
  // Once, straight from our endpoint's answer to the post (the page's form-action policy lets
  // it lead to wa.me: without that the tab never gets there), and WhatsApp is not told which
  // application's page she came from.
  expect(hops).toEqual([
    {
      url: whatsappLink(VALID, message),
      from: `${server.origin}/admin/cadastros/${ids.valid}/contact`,
      method: "GET",
      referer: undefined,
    },
  ]);
  expect(new URL(hops[0]!.url).searchParams.get("text")).toBe(message);
  // A tab of its own, which cannot reach back into this one; this page is unchanged.
  expect(await chat.evaluate(() => window.opener)).toBeNull();
  expect(page.url()).toBe(detail);
  await page.context().close();

  // Who wrote to whom, how and when: in the access report.
  const report = await signedIn(browser, admin);
  await report.goto(`${server.origin}/admin/access-report?action=submission.contact&lang=en`);
  const rows = report.getByRole("row").filter({ hasText: "Lucía Fernández" });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(t("en", "admin.accessReport.actions.contactApplicant"));
  await expect(rows).toContainText(reviewer.name);
  await expect(rows).toContainText(
    t("en", "admin.accessReport.contactBy.whatsapp", { language: "ES" }),
  );
  // Looking at a page without WhatsApp recorded nothing for her.
  await expect(report.getByRole("row").filter({ hasText: "Marta Ruiz" })).toHaveCount(0);
  await report.context().close();
});

test("the admin's wording of her language's message is the one the button sends", async ({
  browser,
}) => {
  const settings = await signedIn(browser, admin);
  await settings.goto(`${server.origin}/admin/email/whatsapp?whatsapp=es&lang=en`);
  await waitForHydration(settings);
  const wording = "¡Hola {{name}}! ¿Hablamos hoy? Café & charla #1 🌸";
  await settings.getByLabel(t("en", "admin.email.whatsapp.body"), { exact: true }).fill(wording);
  await settings.getByRole("button", { name: t("en", "admin.email.whatsapp.save") }).click();
  await expect(settings.getByText(t("en", "admin.email.whatsapp.saved"))).toBeVisible();
  await expect(settings.getByTestId("whatsapp-preview")).toHaveText(
    "¡Hola Ana! ¿Hablamos hoy? Café & charla #1 🌸",
  );
  await settings.context().close();

  const page = await signedIn(browser, reviewer);
  const hops = watchWhatsapp(page.context());
  await page.goto(`${server.origin}/admin/cadastros/${ids.valid}?lang=en`);
  await openChat(page, hops);
  expect(hops[0]!.url).toBe(
    "https://wa.me/34612345678?text=%C2%A1Hola%20Luc%C3%ADa!%20%C2%BFHablamos%20hoy%3F%20Caf%C3%A9%20%26%20charla%20%231%20%F0%9F%8C%B8",
  );
  await page.context().close();
});
