import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { userCreate } from "./accounts.ts";
import { expect, failedResource, t, test, waitForHydration } from "./fixtures.ts";
import { ownServer, type OwnServer } from "./own-server.ts";

/**
 * Admin › Analytics, end to end: a visitor opens the home page and clicks into the
 * pre-selection form, and the funnel an approver reads counts one more page view and one more
 * start (first-party, cookie-free counting). The screen passes axe, and a bad range is refused
 * field by field.
 */
const PASSWORD = "numeros-sem-cookies-2026";
const APPROVER = "rita.approver@example.com";

test.describe("analytics", () => {
  test.describe.configure({ mode: "serial" });
  let dataDir: string;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "mare-analytics-"));
    await userCreate(dataDir, APPROVER, "approver", PASSWORD);
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 53, { DATA_DIR: dataDir });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(browser: Browser): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.origin}/login?lang=en`);
    await waitForHydration(page);
    await page.getByLabel(t("en", "auth.email")).fill(APPROVER);
    await page.getByLabel(t("en", "auth.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("en", "auth.signIn"), exact: true }).click();
    await expect(page).toHaveURL(`${server.origin}/admin/dashboard`);
    return page;
  }

  /** A step's count in the funnel's table, as the screen shows it now. */
  async function funnelCount(page: Page, step: "pageViews" | "started") {
    await page.goto(`${server.origin}/admin/analytics`);
    const table = page.getByRole("table", { name: t("en", "admin.analytics.funnel.caption") });
    const row = table.getByRole("row", { name: t("en", `admin.analytics.funnel.${step}`) });
    const text = await row.getByRole("cell").first().innerText();
    return Number(text.replace(/\D/g, ""));
  }

  test("a visit to the home page and a click into the form show up in the funnel", async ({
    browser,
  }) => {
    const approver = await signedIn(browser);
    await approver.getByRole("link", { name: t("en", "admin.analytics.title") }).click();
    await expect(approver).toHaveURL(`${server.origin}/admin/analytics`);
    await expect(
      approver.getByRole("heading", { level: 1, name: t("en", "admin.analytics.title") }),
    ).toBeVisible();
    const viewsBefore = await funnelCount(approver, "pageViews");
    const startsBefore = await funnelCount(approver, "started");

    // A visitor of her own: no session, no cookie but the language.
    const visitor = await (await browser.newContext()).newPage();
    let beacons = 0;
    visitor.on("request", (request) => {
      if (request.url().includes("/api/count")) beacons += 1;
    });
    await visitor.goto(`${server.origin}/?lang=en`);
    await waitForHydration(visitor);
    // The form's code comes as she scrolls to it (decision 019); her start is counted by it.
    await visitor.locator("#preselection").scrollIntoViewIfNeeded();
    await waitForHydration(visitor, "#preselection form");
    const beacon = visitor.waitForRequest(
      (request) =>
        request.url().includes("/api/count?e=form_started&d=form") && request.method() === "POST",
    );
    await visitor.getByLabel(t("en", "preselection.fullName")).focus();
    await beacon;
    // Counting is written shortly after; the screen writes what is pending before it reads.
    await expect.poll(() => funnelCount(approver, "pageViews")).toBeGreaterThan(viewsBefore);
    await expect.poll(() => funnelCount(approver, "started")).toBe(startsBefore + 1);

    // Focusing again on the same page load is the same start: no second beacon.
    await visitor.getByLabel(t("en", "preselection.email")).focus();
    await visitor.getByLabel(t("en", "preselection.fullName")).focus();
    await visitor.waitForTimeout(500);
    expect(beacons).toBe(1);

    await visitor.context().close();
    await approver.context().close();
  });

  test("views of a stored page count as rendered ones did: a revalidation too, not a robot, a prefetch or HEAD", async ({
    browser,
  }) => {
    const approver = await signedIn(browser);
    const url = `${server.origin}/blog?lang=en&counted=stored`;
    const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
    const visit = (headers: Record<string, string> = {}, method = "GET") =>
      fetch(url, { method, headers: { "user-agent": person, ...headers } });
    // The first visit renders and stores the page; then it is sent from the store.
    const first = await visit();
    expect(first.headers.get("etag")).toBeTruthy();
    const viewsBefore = await funnelCount(approver, "pageViews");
    expect((await visit()).status).toBe(200);
    expect((await visit({ "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    await visit({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await visit({ "sec-purpose": "prefetch" });
    await visit({}, "HEAD");
    await expect.poll(() => funnelCount(approver, "pageViews")).toBe(viewsBefore + 2);
    await approver.context().close();
  });

  test("the screen: presets, a refused range, and no serious axe violation", async ({
    browser,
    browserErrors,
  }) => {
    browserErrors.allow(failedResource(400)); // the refused range is answered 400
    const page = await signedIn(browser);
    await page.goto(`${server.origin}/admin/analytics`);
    await waitForHydration(page);

    await page
      .getByRole("link", { name: t("en", "admin.analytics.lastDays_other", { count: 7 }) })
      .click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&group=day/);
    await expect(
      page
        .getByRole("table", { name: t("en", "admin.analytics.overTimeCaptions.day") })
        .getByRole("row"),
    ).toHaveCount(8); // the header and seven days

    await page.getByLabel(t("en", "admin.analytics.from"), { exact: true }).fill("2020-01-01");
    await page.getByLabel(t("en", "admin.analytics.group")).selectOption("month");
    await page.getByRole("button", { name: t("en", "admin.analytics.show") }).click();
    await expect(page.getByText(t("en", "admin.analytics.errors.tooLong"))).toBeVisible();
    await expect(page.getByLabel(t("en", "admin.analytics.from"), { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByText(t("en", "admin.analytics.errors.summary"))).toBeVisible();

    await page.getByLabel(t("en", "admin.analytics.from"), { exact: true }).fill("2026-01-01");
    await page.getByLabel(t("en", "admin.analytics.to"), { exact: true }).fill("2026-03-31");
    await page.getByRole("button", { name: t("en", "admin.analytics.show") }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-03-31&group=month/);
    await expect(
      page
        .getByRole("table", { name: t("en", "admin.analytics.overTimeCaptions.month") })
        .getByRole("row"),
    ).toHaveCount(4);

    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(severe.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // On a phone the page does not scroll sideways: wide tables scroll in their own boxes.
    await page.setViewportSize({ width: 360, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
