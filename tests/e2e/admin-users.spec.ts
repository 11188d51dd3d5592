import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { userCreate } from "./accounts.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { ownServer, type OwnServer } from "./own-server.ts";
import { startSmtp } from "./smtp.ts";

/**
 * Admin › Users end to end: an admin finds an account, makes her an approver, disables her (the
 * page she had open sends her to log in on its next load), enables her again and mails her a
 * reset link that arrives at a real SMTP server and opens the password-reset page; the auth
 * report counts the sign-ins. Axe on both screens.
 */
const PASSWORD = "gestao-de-contas-2026";
const ADMIN = "olivia.admin@example.com";
const MEMBER = "renata.member@example.com";

test.describe("managing users", () => {
  test.describe.configure({ mode: "serial" });
  let dataDir: string;
  let server: OwnServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "mare-users-"));
    await userCreate(dataDir, ADMIN, "admin", PASSWORD);
    await userCreate(dataDir, MEMBER, "model", PASSWORD);
    smtp = await startSmtp();
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 37, {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(browser: Browser, email: string, home: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.origin}/login?lang=en`);
    await waitForHydration(page);
    await page.getByLabel(t("en", "auth.email")).fill(email);
    await page.getByLabel(t("en", "auth.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("en", "auth.signIn"), exact: true }).click();
    await expect(page).toHaveURL(`${server.origin}${home}`);
    return page;
  }

  test("role change, disable (her session ends), enable, reset link by mail; the auth report", async ({
    browser,
  }) => {
    const member = await signedIn(browser, MEMBER, "/dashboard/model");
    const admin = await signedIn(browser, ADMIN, "/admin/dashboard");

    await admin
      .getByRole("navigation", { name: t("en", "admin.nav.label") })
      .getByRole("link", { name: t("en", "admin.users.nav") })
      .click();
    await expect(admin).toHaveURL(`${server.origin}/admin/users`);
    await expect(admin.locator("h1")).toHaveText(t("en", "admin.users.title"));
    await expect(admin.getByRole("table")).toContainText(MEMBER);
    await expectAccessible(admin, "the users list");

    // Search by the start of her address: only her row.
    await admin.getByRole("searchbox").fill("renata.mem");
    await admin.getByRole("searchbox").press("Enter");
    await expect(admin.getByRole("table").getByRole("row")).toHaveCount(2); // header + hers
    await waitForHydration(admin);

    // Open her row and make her an approver.
    await admin.getByRole("button", { name: new RegExp(t("en", "admin.users.manage")) }).click();
    // npm run user:create names an account after its address.
    const panel = admin.getByRole("region", {
      name: t("en", "admin.users.manageOf", { name: "renata.member" }),
    });
    await expect(panel).toBeVisible();
    await expectAccessible(admin, "the users list with a row open");
    await panel.getByLabel(t("en", "admin.users.role")).selectOption("approver");
    await panel.getByRole("button", { name: t("en", "admin.users.saveRole") }).click();
    await expect(panel.getByRole("status")).toHaveText(t("en", "admin.users.done.role"));
    await expect(admin.getByRole("table")).toContainText(t("en", "admin.users.roles.approver"));
    // Her next page is the approver's.
    await member.goto(`${server.origin}/admin/dashboard`);
    await expect(member).toHaveURL(`${server.origin}/admin/dashboard`);

    // Disable her: her session ends at once.
    await panel.getByRole("button", { name: t("en", "admin.users.disable") }).click();
    await expect(panel.getByRole("status")).toHaveText(t("en", "admin.users.done.disable"));
    await member.reload();
    await expect(member).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
    // And she cannot sign in again (the same answer as a wrong password).
    await member.getByLabel(t("en", "auth.email")).fill(MEMBER);
    await member.getByLabel(t("en", "auth.password"), { exact: true }).fill(PASSWORD);
    await member.getByRole("button", { name: t("en", "auth.signIn"), exact: true }).click();
    await expect(member.getByRole("alert")).toHaveText(t("en", "auth.errors.invalidCredentials"));

    await panel.getByRole("button", { name: t("en", "admin.users.enable") }).click();
    await expect(panel.getByRole("status")).toHaveText(t("en", "admin.users.done.enable"));

    // A reset link, mailed in her language (pt, as the account was made), that opens the page.
    await panel.getByRole("button", { name: t("en", "admin.users.sendReset") }).click();
    await expect(panel.getByRole("status")).toHaveText(t("en", "admin.users.done.reset"));
    const mail = await smtp.mailTo(MEMBER);
    expect(mail.subject).toBe(t("pt", "mail.reset.subject"));
    const link = /https?:\/\/\S+\/password-reset#access_token=[^\s"<]+/.exec(mail.text ?? "")?.[0];
    expect(link, "a reset link in the mail").toBeTruthy();
    await member.goto(link!.replace(/^https?:\/\/[^/]+/, server.origin));
    await expect(member).toHaveURL(/\/password-reset/);
    await expect(member.getByLabel(t("en", "auth.newPassword"), { exact: true })).toBeVisible();

    // The auth report counts today's sign-ins and the refused one.
    await admin
      .getByRole("navigation", { name: t("en", "admin.nav.label") })
      .getByRole("link", { name: t("en", "admin.authReport.nav") })
      .click();
    await expect(admin.locator("h1")).toHaveText(t("en", "admin.authReport.title"));
    await expect(
      admin.getByRole("region", { name: t("en", "admin.authReport.byMethod") }),
    ).toContainText(t("en", "admin.authReport.methods.password"));
    await expectAccessible(admin, "the auth report");

    await member.context().close();
    await admin.context().close();
  });
});
