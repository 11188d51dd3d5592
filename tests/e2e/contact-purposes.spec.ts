import { rmSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "#app/db/db.server.ts";
import { staffProfiles, user } from "#app/db/schema.server.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { recipientsOf } from "#app/test/smtp-server.ts";
import { accountsDataDir, namedAccount, type Account } from "./accounts.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { ownServer, type OwnServer } from "./own-server.ts";
import { startSmtp, type Mailbox } from "./smtp.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Contact with a purpose (issue 29) in a real browser, on a phone and on a laptop: the admin
 * rewords "ask for more photos" on WhatsApp with the preview following her typing (a placeholder
 * the purpose does not know named at once); a reviewer's page of a pending applicant offers
 * only that purpose, and its WhatsApp button opens her chat with the new text; an approved
 * applicant's page offers the welcome and "schedule the call", and the latter by e-mail reaches
 * her over SMTP with her manager's name and the booking link. Her manager is written into the
 * database before the server starts (the talent manager's screens are another part's).
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 29;
const reviewer = namedAccount("paula.purpose@example.com");
const admin = namedAccount("cora.purpose@example.com");
const PENDING_NUMBER = "+34612345678";
const APPROVED_EMAIL = "marina.purpose@example.com";
// Screenshots to look at, only when asked for (SHOTS_DIR=<folder>): each costs CI a second.
const SHOTS = process.env.SHOTS_DIR;

test.describe.configure({ mode: "serial", timeout: paced(180_000) });

let server: OwnServer;
let mailbox: Mailbox;
let dataDir: string;
const ids = { pending: 0, approved: 0, unmanaged: 0 };

test.beforeAll(async () => {
  test.setTimeout(paced(180_000));
  dataDir = accountsDataDir("mare-purpose-");
  const database = openDatabase({ dataDir, purpose: "contact-purposes.spec.ts" });
  try {
    await database.migrate();
    const [manager] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, reviewer.email));
    await database.db
      .insert(staffProfiles)
      .values({ userId: manager!.id, displayName: "Paula Ribeiro" });
    const [pending, approved, unmanaged] = await insertApplicationRows(database.db, [
      {
        language: "es",
        fullName: "Lucía Fernández",
        email: "lucia.purpose@example.com",
        whatsapp: PENDING_NUMBER,
      },
      {
        language: "pt",
        fullName: "Marina Costa Lima",
        email: APPROVED_EMAIL,
        whatsapp: "+5548991234567",
        status: "Aprovado",
        managerId: manager!.id,
      },
      // Approved, no talent manager yet.
      {
        language: "it",
        fullName: "Giulia Romano",
        email: "giulia.purpose@example.com",
        whatsapp: "+393471234567",
        status: "Aprovado",
      },
    ]);
    ids.pending = pending!.id;
    ids.approved = approved!.id;
    ids.unmanaged = unmanaged!.id;
  } finally {
    await database.close();
  }
  mailbox = await startSmtp();
  server = await ownServer(port, {
    DATA_DIR: dataDir,
    SMTP_URL: mailbox.url,
    TRUST_PROXY: "loopback",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let signIns = 0;
async function signedIn(browser: Browser, { email, password }: Account, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  const response = await context.request.post(`${server.origin}/login`, {
    form: { email, password },
    headers: { origin: server.origin, "x-forwarded-for": `10.97.0.${++signIns}` },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  return context.newPage();
}

/** The browser's own way to wa.me (this machine has no way out: the tab ends in a DNS error). */
function chatsOpened(page: Page) {
  const urls: string[] = [];
  page.context().on("request", (request) => {
    if (new URL(request.url()).origin === "https://wa.me") urls.push(request.url());
  });
  return urls;
}

const purposeLabel = (purpose: string) => t("en", `contactTemplates.purposes.${purpose}.label`);
const channelButton = (page: Page, purpose: string, channel: "whatsapp" | "email") =>
  page.getByRole("button", {
    name: new RegExp(
      `^${purposeLabel(purpose)}: ${t("en", `contactTemplates.channels.${channel}`)}`,
    ),
  });

for (const width of [390, 1366]) {
  test(`contact by purpose at ${width} px: the admin's wording, the pending applicant's WhatsApp, the approved one's mail`, async ({
    browser,
  }) => {
    const wording = `¡Hola {{name}}! ¿Nos mandas dos fotos más, con luz natural? (${width})`;

    // The admin rewords "more photos" on WhatsApp in Spanish, watching the preview.
    const settings = await signedIn(browser, admin, width);
    await settings.goto(
      `${server.origin}/admin/email/contact?purpose=more-photos&channel=whatsapp&language=es&lang=en`,
    );
    await waitForHydration(settings);
    await expect(
      settings.getByRole("link", { name: t("en", "admin.email.tabs.contact") }),
    ).toHaveAttribute("aria-current", "page");
    await expectAccessible(settings, `the contact templates at ${width}`);
    const body = settings.getByLabel(t("en", "contactTemplates.body"), { exact: true });
    await body.fill("¡Hola {{nombre}}!");
    // Named as it is typed, before anything is sent.
    await expect(
      settings.getByText(
        t("en", "contactTemplates.errors.placeholder", { placeholders: "{{nombre}}" }),
      ),
    ).toBeVisible();
    await body.fill(wording);
    await expect(settings.getByTestId("contact-preview")).toHaveText(
      `¡Hola Ana! ¿Nos mandas dos fotos más, con luz natural? (${width})`,
    );
    await expect(
      settings.getByRole("heading", { name: t("en", "contactTemplates.previewDraft") }),
    ).toBeVisible();
    await settings.getByRole("button", { name: t("en", "contactTemplates.save") }).click();
    await expect(settings.getByText(t("en", "contactTemplates.saved"))).toBeVisible();
    await expect(
      settings.getByRole("link", {
        name: `${purposeLabel("more-photos")}, ${t("en", "contactTemplates.channels.whatsapp")}, Español: ${t("en", "contactTemplates.edited")}`,
      }),
    ).toBeVisible();
    await expectAccessible(settings, `the contact templates once saved at ${width}`);
    if (SHOTS)
      await settings.screenshot({ path: `${SHOTS}/templates-${width}.png`, fullPage: true });
    // The e-mail editor of a reminder, with its button and the call's time in the sample.
    await settings.goto(
      `${server.origin}/admin/email/contact?purpose=reminder&channel=email&language=pt&lang=en`,
    );
    await waitForHydration(settings);
    await expect(settings.getByTestId("contact-preview")).toContainText("Mudar o horário");
    await expect(settings.getByTestId("contact-preview")).toContainText(
      "Horário Padrão de Brasília",
    );
    await expectAccessible(settings, `the reminder's mail editor at ${width}`);
    if (SHOTS)
      await settings.screenshot({ path: `${SHOTS}/templates-email-${width}.png`, fullPage: true });
    await settings.context().close();

    // The reviewer: a pending applicant is offered "more photos" only, on WhatsApp.
    const page = await signedIn(browser, reviewer, width);
    const chats = chatsOpened(page);
    await page.goto(`${server.origin}/admin/cadastros/${ids.pending}?lang=en#contact`);
    await waitForHydration(page);
    const panel = page.locator("#contact");
    await expect(panel.locator("[data-purpose]")).toHaveCount(1);
    await expect(panel.locator("[data-purpose]")).toHaveAttribute("data-purpose", "more-photos");
    await expect(channelButton(page, "schedule-call", "whatsapp")).toHaveCount(0);
    await expectAccessible(page, `the pending applicant's page at ${width}`);
    await panel.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pending-${width}.png` });
    await Promise.all([
      page.context().waitForEvent("page", { timeout: paced(15_000) }),
      channelButton(page, "more-photos", "whatsapp").click(),
    ]);
    await expect.poll(() => chats.length).toBeGreaterThan(0);
    const chat = new URL(chats[0]!);
    expect(chat.pathname).toBe("/34612345678");
    expect(chat.searchParams.get("text")).toBe(
      `¡Hola Lucía! ¿Nos mandas dos fotos más, con luz natural? (${width})`,
    );

    // An approved applicant: the welcome and "schedule the call", the latter by e-mail.
    const mailsBefore = mailbox.received.filter((mail) =>
      recipientsOf(mail).includes(APPROVED_EMAIL),
    ).length;
    await page.goto(`${server.origin}/admin/cadastros/${ids.approved}?lang=en#contact`);
    await waitForHydration(page);
    await expect(panel.locator("[data-purpose]")).toHaveCount(2);
    await expect(channelButton(page, "more-photos", "whatsapp")).toHaveCount(0);
    await expectAccessible(page, `the approved applicant's page at ${width}`);
    await channelButton(page, "schedule-call", "email").click();
    await expect(page.getByText(t("en", "admin.detail.contact.emailQueued"))).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/approved-${width}.png` });
    const mail = await mailbox.mailTo(APPROVED_EMAIL, mailsBefore, 20_000);
    expect(mail.subject).toBe(t("pt", "mail.contactTemplates.schedule-call.subject"));
    expect(mail.text).toMatch(/^Olá, Marina,/);
    expect(mail.text).toContain("Sou Paula Ribeiro");
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/dashboard\/model#welcome-call/);
    expect(mail.html).toContain(`>${t("pt", "mail.contactTemplates.action")}</a>`);
    expect(`${mail.text}`).not.toContain("{{");

    // Without a talent manager, "schedule the call" (which names her) is not offered: why is said.
    await page.goto(`${server.origin}/admin/cadastros/${ids.unmanaged}?lang=en#contact`);
    await waitForHydration(page);
    await expect(channelButton(page, "welcome", "email")).toBeVisible();
    await expect(channelButton(page, "schedule-call", "email")).toHaveCount(0);
    await expect(channelButton(page, "schedule-call", "whatsapp")).toHaveCount(0);
    const needs = t("en", "contactTemplates.panel.notOffered", {
      what: t("en", "contactTemplates.variableNames.manager"),
    });
    await expect(panel.locator('[data-purpose="schedule-call"]')).toContainText(needs);
    await expectAccessible(page, `an approved applicant without a manager at ${width}`);
    await panel.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/unmanaged-${width}.png` });
    await page.context().close();
  });
}
