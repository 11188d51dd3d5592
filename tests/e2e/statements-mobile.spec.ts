import { mkdirSync, readFileSync, rmSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { openDatabase } from "#app/db/db.server.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { pdfText } from "#app/test/pdf-text.ts";
import { insertSignedContract } from "#app/test/statement-factories.ts";
import { accountsDataDir, namedAccount, roleAccounts, type Account } from "./accounts.ts";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { ownServer, type OwnServer } from "./own-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * A month's statement on a phone (issue 30): the admin records Stella's September per platform
 * and publishes it; Stella finds it from her dashboard, reads it and downloads its PDF and CSV.
 * Her signed contract (its percentage is what the statement applies) is written into the
 * database before the server starts, as the contracts' own screens would leave it. Axe on every
 * screen; with SHOTS_DIR set, each screen at 390 and 1366 px in Portuguese and English.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 37;
const admin = roleAccounts.admin;
const model = namedAccount("stella.statements@example.com");
const SHOTS = process.env.SHOTS_DIR;
const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);

test.describe.configure({ mode: "serial", timeout: paced(120_000) });

let server: OwnServer;
let dataDir: string;
let application = 0;

test.beforeAll(async () => {
  test.setTimeout(paced(180_000));
  dataDir = accountsDataDir("mare-statements-");
  const database = openDatabase({ dataDir, purpose: "statements-mobile.spec.ts" });
  try {
    await database.migrate();
    const [row] = await insertApplicationRows(database.db, [
      {
        fullName: "Stella Statements Rocha",
        email: model.email,
        status: "Aprovado",
        language: "pt",
      },
    ]);
    application = row!.id;
    await insertSignedContract(database.db, {
      submissionId: application,
      basisPoints: 3_333,
      startsOn: "2026-01-01",
    });
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
async function onPhone(browser: Browser, { email, password }: Account): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
  });
  const response = await context.request.post(`${server.origin}/login`, {
    form: { email, password },
    headers: { origin: server.origin, "x-forwarded-for": `10.97.0.${++signIns}` },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  return context.newPage();
}

/** The page at both widths and in both languages (only with SHOTS_DIR), then back to English. */
async function shoot(page: Page, path: string, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ["pt", "en"] as const) {
    await page.goto(`${server.origin}${path}${path.includes("?") ? "&" : "?"}lang=${lang}`);
    await waitForHydration(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.origin}${path}${path.includes("?") ? "&" : "?"}lang=en`);
  await waitForHydration(page);
}

test("the admin records and publishes her month on a phone", async ({ browser }) => {
  const page = await onPhone(browser, admin);
  await page.goto(`${server.origin}/admin/statements?month=2026-09&lang=en`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("statements.admin.title"));
  const row = page.getByRole("row").filter({ hasText: "Stella R." });
  await expect(row).toContainText(en("statements.state.none"));
  await expectAccessible(page, "the month's models at 390 px");
  await shoot(page, "/admin/statements?month=2026-09", "admin-list-empty");

  await row.getByRole("link", { name: /Stella R\./ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/statements/${application}/2026-09`));
  await waitForHydration(page);
  const add = page.locator("#add-form");
  // As people type amounts: refused with the reason, what she typed kept.
  await add.getByLabel(en("statements.form.platform")).fill("OnlyFans");
  await add.getByLabel(en("statements.form.amount")).fill("1.234");
  await add.getByRole("button", { name: en("statements.form.add") }).click();
  await expect(page.locator("#add-amount-error")).toHaveText(en("statements.errors.ambiguous"));
  await expect(page.locator("#add-form").getByLabel(en("statements.form.platform"))).toHaveValue(
    "OnlyFans",
  );
  await page.locator("#add-form").getByLabel(en("statements.form.amount")).fill("1.234,56");
  await page
    .locator("#add-form")
    .getByRole("button", { name: en("statements.form.add") })
    .click();
  await expect(page.getByRole("status")).toContainText(en("statements.done.add"));
  await page.locator("#add-form").getByLabel(en("statements.form.platform")).fill("Privacy");
  await page.locator("#add-form").getByLabel(en("statements.form.amount")).fill("265.44");
  await page
    .locator("#add-form")
    .getByRole("button", { name: en("statements.form.add") })
    .click();
  await expect(page.getByRole("status")).toContainText(en("statements.done.add"));
  // 1,500.00 at 33.33 %: the agency's 499.95, her 1,000.05.
  const lines = page.getByRole("region", { name: /Stella R\./ });
  await expect(lines).toContainText("R$1,500.00");
  await expect(lines).toContainText("R$1,000.05");
  await expectAccessible(page, "her draft at 390 px");
  await shoot(page, `/admin/statements/${application}/2026-09`, "admin-draft");

  await page.getByText(en("statements.publish.open"), { exact: true }).click();
  await page.getByRole("button", { name: en("statements.publish.submit") }).click();
  await expect(page.getByRole("status")).toContainText(en("statements.done.publish"));
  await expect(page.locator("#correct-form")).toBeVisible();
  await expectAccessible(page, "her published statement at 390 px");
  await shoot(page, `/admin/statements/${application}/2026-09`, "admin-published");

  // October from a spreadsheet: a formula in a row, so nothing is stored and the rows say why.
  await page.goto(`${server.origin}/admin/statements/import?month=2026-10&lang=en`);
  await waitForHydration(page);
  await page
    .getByLabel(en("statements.import.paste"))
    .fill(`${application};2026-10;OnlyFans;1.234,56\n${application};2026-10;=SUM(A1);10`);
  await page.getByRole("button", { name: en("statements.import.check") }).click();
  await expect(page.getByRole("alert")).toContainText(
    en("statements.import.invalid_one", { count: 1, total: 2 }),
  );
  const preview = page.getByRole("table", { name: en("statements.import.caption") });
  await expect(preview).toContainText(en("statements.import.rowErrors.formula"));
  await expect(preview).toContainText(en("statements.import.ready"));
  await expect(page.getByRole("button", { name: /Import/ })).toHaveCount(0);
  await expectAccessible(page, "the import's preview at 390 px");
  if (SHOTS) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/admin-import-en-${width}.png`, fullPage: true });
    }
  }
  await page.context().close();
});

test("she finds it on her dashboard, reads it and downloads its PDF and CSV", async ({
  browser,
}) => {
  const page = await onPhone(browser, model);
  await page.goto(`${server.origin}/dashboard/model?lang=en`);
  await waitForHydration(page);
  const card = page.getByRole("region", { name: en("statements.card.title") });
  await expect(card).toContainText("September 2026");
  await card.getByRole("link", { name: en("statements.card.link") }).click();
  await expect(page).toHaveURL(/\/dashboard\/model\/statements/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("statements.model.title"));
  const month = page.getByRole("region", { name: "September 2026", exact: true });
  await expect(month).toContainText("R$1,234.56");
  await expect(month).toContainText(en("statements.totals.agency", { percent: "33.33%" }));
  await expect(month).toContainText("R$1,000.05");
  await expect(month).toContainText(en("statements.model.pending"));
  // The chart's figures, for a screen reader, in the table beside it.
  await expect(
    page.getByRole("table", { name: en("statements.model.tableCaption") }),
  ).toContainText("R$499.95");
  await expectAccessible(page, "her statements at 390 px");

  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    month.getByRole("link", { name: new RegExp(en("statements.model.downloadPdf")) }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe("mare-talent-statement-2026-09.pdf");
  const text = (await pdfText(readFileSync((await pdf.path())!))).join("\n");
  expect(text).toContain("Stella Statements Rocha");
  expect(text).toContain("R$1,000.05");

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    month.getByRole("link", { name: new RegExp(en("statements.model.downloadCsv")) }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("mare-talent-statement-2026-09.csv");
  const rows = readFileSync((await csv.path())!, "utf8").split("\r\n");
  expect(rows).toContain('"2026-09";"Earnings";"OnlyFans";"1234,56";""');
  expect(rows).toContain(`"2026-09";"${en("statements.totals.net")}";"";"1000,05";""`);
  await shoot(page, "/dashboard/model/statements", "her-statements");
  await shoot(page, "/dashboard/model", "her-dashboard");
  await page.context().close();
});
