import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type AppServer, type Role } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Affiliates in the back office, end to end: an admin suspends an affiliate, sets her commission,
 * records an earning and a payout, then finds each change in the access report and exports it.
 * An approver reads the same pages without the forms, and cannot open the access report.
 */
// An affiliate of this spec's own: she is suspended.
const AFFILIATE = "joana.affiliate@example.com";

test.describe("affiliates and the access report", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ app }) => {
    await app.account("affiliate", { email: AFFILIATE });
  });

  async function signedIn(app: AppServer, browser: Browser, role: Role): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await app.signIn(page, role);
    return page;
  }

  const notice = (page: Page, key: string) =>
    expect(page.getByRole("status").filter({ hasText: t("en", key) })).toBeVisible();

  test("an admin suspends, sets her rule, records corrections (once), and finds it all in the report", async ({
    app,
    browser,
  }) => {
    // Many steps and axe checks: more than the default on a loaded machine.
    test.setTimeout(paced(60_000));
    const admin = await signedIn(app, browser, "admin");
    const nav = admin.getByRole("navigation", { name: t("en", "admin.nav.label") });
    await nav.getByRole("link", { name: t("en", "admin.affiliates.nav") }).click();
    await expect(admin).toHaveURL(`${app.origin}/admin/afiliados`);
    await expect(admin.locator("h1")).toHaveText(t("en", "admin.affiliates.title"));
    const row = admin.getByRole("row").filter({ hasText: AFFILIATE });
    await expect(row).toContainText(t("en", "admin.affiliates.statuses.active"));
    await expectAccessible(admin, "the affiliates list");

    // The search finds her by part of her address; a status filter she does not match hides her.
    await admin.getByLabel(t("en", "admin.affiliates.search")).fill("joana.aff");
    await admin.getByRole("button", { name: t("en", "admin.affiliates.apply") }).click();
    await expect(row).toBeVisible();
    await admin
      .getByLabel(t("en", "admin.affiliates.status"))
      .selectOption({ label: t("en", "admin.affiliates.statuses.suspended") });
    await admin.getByRole("button", { name: t("en", "admin.affiliates.apply") }).click();
    await expect(admin.getByText(t("en", "admin.affiliates.noMatch"))).toBeVisible();
    await admin.goto(`${app.origin}/admin/afiliados?q=joana`);
    await row.getByRole("link").click();
    await expect(admin).toHaveURL(/\/admin\/afiliados\/\d+$/);
    await waitForHydration(admin);
    const detailUrl = admin.url();
    await expectAccessible(admin, "an affiliate's page");

    // Suspend.
    await admin.getByRole("button", { name: t("en", "admin.affiliates.suspend") }).click();
    await notice(admin, "admin.affiliates.notices.suspended");
    await expect(
      admin.getByRole("button", { name: t("en", "admin.affiliates.activate") }),
    ).toBeVisible();

    // Her own rule: a fixed amount without its milestone is refused; with it, saved.
    const fixed = admin.getByLabel(t("en", "admin.affiliates.rule.fixed"));
    await fixed.fill("150");
    await admin
      .getByRole("button", { name: t("en", "admin.affiliates.rule.saveOverride") })
      .click();
    await expect(admin.getByText(t("en", "admin.affiliates.errors.milestone"))).toBeVisible();
    await admin
      .getByLabel(t("en", "admin.affiliates.rule.milestone"))
      .selectOption({ label: t("en", "admin.affiliates.rule.milestones.approved") });
    await admin
      .getByRole("button", { name: t("en", "admin.affiliates.rule.saveOverride") })
      .click();
    await notice(admin, "admin.affiliates.notices.rule");

    // A correction: zero refused; saved, the form comes back empty; the same again refused.
    const amount = admin.getByLabel(t("en", "admin.affiliates.amount"), { exact: true });
    const reason = admin.getByLabel(t("en", "admin.affiliates.reason"), { exact: true });
    const record = admin.getByRole("button", { name: t("en", "admin.affiliates.record") });
    await amount.fill("0");
    await reason.fill("November referrals");
    await record.click();
    await expect(admin.getByText(t("en", "admin.affiliates.errors.amountZero"))).toBeVisible();
    await amount.fill("250,40");
    await record.click();
    await notice(admin, "admin.affiliates.notices.entry");
    await expect(amount).toHaveValue("");
    await expect(reason).toHaveValue("");
    await amount.fill("250,40");
    await reason.fill("November referrals");
    await record.click();
    await expect(admin.getByText(t("en", "admin.affiliates.errors.duplicate"))).toBeVisible();
    await amount.fill("-200");
    await reason.fill("Paid by PIX in October");
    await record.click();
    await notice(admin, "admin.affiliates.notices.entry");

    const entries = admin.getByRole("table", { name: t("en", "admin.affiliates.entriesTitle") });
    await expect(entries).toContainText("November referrals");
    await expect(entries).toContainText("R$250.40");
    await expect(entries).toContainText("-R$200.00");
    await expect(admin.getByText("R$50.40").first()).toBeVisible(); // payable
    await expectAccessible(admin, "an affiliate's page after changes");

    // The access report shows the four changes, with their labels.
    await nav.getByRole("link", { name: t("en", "admin.accessReport.nav") }).click();
    await expect(admin).toHaveURL(`${app.origin}/admin/access-report`);
    const table = admin.getByRole("table");
    for (const key of ["affiliateStatus", "affiliateRule", "affiliateEntry"]) {
      await expect(table).toContainText(t("en", `admin.accessReport.actions.${key}`));
    }
    await expectAccessible(admin, "the access report");
    await admin
      .getByLabel(t("en", "admin.accessReport.action"))
      .selectOption({ label: t("en", "admin.accessReport.actions.affiliateEntry") });
    await admin.getByRole("button", { name: t("en", "admin.accessReport.apply") }).click();
    await expect(admin.getByRole("row")).toHaveCount(1 + 2);
    await expect(
      admin.getByText(t("en", "admin.accessReport.shown_other", { count: 2 })),
    ).toBeVisible();

    // Its CSV, with the same filter; the export is then in the report too.
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: t("en", "admin.accessReport.export") }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^access-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(1 + 2);
    expect(csv).toContain("affiliate.entry");
    expect(csv).toContain("November referrals");
    await admin.goto(`${app.origin}/admin/access-report?action=access-report.export`);
    await expect(admin.getByRole("table")).toContainText(
      t("en", "admin.accessReport.actions.exportAccessReport"),
    );

    // The subject links back to her page.
    await admin.goto(`${app.origin}/admin/access-report?action=affiliate.status`);
    await admin.getByRole("table").getByRole("link").first().click();
    await expect(admin).toHaveURL(detailUrl);
  });

  test("an approver reads the affiliate without the forms, and has no access report", async ({
    app,
    browser,
  }) => {
    const approver = await signedIn(app, browser, "approver");
    const nav = approver.getByRole("navigation", { name: t("en", "admin.nav.label") });
    await expect(nav.getByRole("link", { name: t("en", "admin.accessReport.nav") })).toHaveCount(0);
    await nav.getByRole("link", { name: t("en", "admin.affiliates.nav") }).click();
    await approver.getByRole("row").filter({ hasText: AFFILIATE }).getByRole("link").click();
    await expect(approver.getByText(t("en", "admin.affiliates.readOnly"))).toBeVisible();
    await expect(
      approver.getByRole("button", { name: t("en", "admin.affiliates.activate") }),
    ).toHaveCount(0);
    await expect(
      approver.getByRole("table", { name: t("en", "admin.affiliates.entriesTitle") }),
    ).toContainText("November referrals");
    await expectAccessible(approver, "an affiliate's page, read only");
    await approver.goto(`${app.origin}/admin/access-report`);
    await expect(approver).toHaveURL(`${app.origin}/permission-denied`);
  });
});
