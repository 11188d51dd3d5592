import type { Browser, Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type AppServer, type Role } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Admin › Users end to end: an admin finds an account, makes her an approver, disables her (the
 * page she had open sends her to log in on its next load), enables her again and mails her a
 * reset link that arrives at a real SMTP server and opens the password-reset page; the auth
 * report counts the sign-ins. Axe on both screens.
 */
// An account of this spec's own: her role changes and she is disabled.
const MEMBER = "renata.member@example.com";

test.describe("managing users", () => {
  test.describe.configure({ mode: "serial" });

  async function signedIn(
    app: AppServer,
    browser: Browser,
    role: Role,
    email?: string,
  ): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await app.signIn(page, role, { email });
    return page;
  }

  test("role change, disable (her session ends), enable, reset link by mail; the auth report", async ({
    app,
    browser,
  }) => {
    // Many steps, a mail and axe checks: more than the default on a loaded machine
    // (it had 75 s while asking for her account restarted the server).
    test.setTimeout(paced(75_000));
    const { password } = await app.account("model", { email: MEMBER });
    const member = await signedIn(app, browser, "model", MEMBER);
    const admin = await signedIn(app, browser, "admin");

    await admin
      .getByRole("navigation", { name: t("en", "admin.nav.label") })
      .getByRole("link", { name: t("en", "admin.users.nav") })
      .click();
    await expect(admin).toHaveURL(`${app.origin}/admin/users`);
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
    await member.goto(`${app.origin}/admin/dashboard`);
    await expect(member).toHaveURL(`${app.origin}/admin/dashboard`);

    // Disable her: her session ends at once.
    await panel.getByRole("button", { name: t("en", "admin.users.disable") }).click();
    await expect(panel.getByRole("status")).toHaveText(t("en", "admin.users.done.disable"));
    await member.reload();
    await expect(member).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
    // And she cannot sign in again (the same answer as a wrong password).
    await member.getByLabel(t("en", "auth.email")).fill(MEMBER);
    await member.getByLabel(t("en", "auth.password"), { exact: true }).fill(password);
    await member.getByRole("button", { name: t("en", "auth.signIn"), exact: true }).click();
    await expect(member.getByRole("alert")).toHaveText(t("en", "auth.errors.invalidCredentials"));

    await panel.getByRole("button", { name: t("en", "admin.users.enable") }).click();
    await expect(panel.getByRole("status")).toHaveText(t("en", "admin.users.done.enable"));

    // A reset link, mailed in her language (pt, as the account was made), that opens the page.
    await panel.getByRole("button", { name: t("en", "admin.users.sendReset") }).click();
    await expect(panel.getByRole("status")).toHaveText(t("en", "admin.users.done.reset"));
    const mail = await app.mail.mailTo(MEMBER);
    expect(mail.subject).toBe(t("pt", "mail.reset.subject"));
    const link = /https?:\/\/\S+\/password-reset#access_token=[^\s"<]+/.exec(mail.text ?? "")?.[0];
    expect(link, "a reset link in the mail").toBeTruthy();
    await member.goto(link!.replace(/^https?:\/\/[^/]+/, app.origin));
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
