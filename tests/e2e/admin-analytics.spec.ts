import { mkdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, failedResource, t, test, waitForHydration, type AppServer } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Admin › Analytics, end to end: a visitor opens the home page and clicks into the
 * pre-selection form, and the funnel an approver reads counts one more page view and one more
 * start (first-party, cookie-free counting). The screen passes axe, and a bad range is refused
 * field by field. The manager's tables (issue 31) are there, one downloads as CSV; with
 * SHOTS_DIR set, the page at 390 and 1366 px.
 */
test.describe("analytics", () => {
  test.describe.configure({ mode: "serial" });

  async function signedIn(app: AppServer, browser: Browser): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await app.signIn(page, "approver");
    return page;
  }

  /** A step's count in the funnel's table, as the screen shows it now. */
  async function funnelCount(app: AppServer, page: Page, step: "pageViews" | "started") {
    await page.goto(`${app.origin}/admin/analytics`);
    const table = page.getByRole("table", { name: t("en", "admin.manager.tables.cohort") });
    const row = table.getByRole("row", { name: t("en", `admin.manager.funnel.${step}`) });
    const text = await row.getByRole("cell").first().innerText();
    return Number(text.replace(/\D/g, ""));
  }

  test("a visit to the home page and a click into the form show up in the funnel", async ({
    app,
    browser,
  }) => {
    // Six loads of the whole page, which since issue 31 also computes and draws the manager's
    // tables: on a loaded two-core machine one load took over five seconds.
    test.setTimeout(paced(90_000));
    const approver = await signedIn(app, browser);
    await approver.getByRole("link", { name: t("en", "admin.analytics.title") }).click();
    await expect(approver).toHaveURL(`${app.origin}/admin/analytics`);
    await expect(
      approver.getByRole("heading", { level: 1, name: t("en", "admin.analytics.title") }),
    ).toBeVisible();
    const viewsBefore = await funnelCount(app, approver, "pageViews");
    const startsBefore = await funnelCount(app, approver, "started");

    // A visitor of her own: no session, no cookie but the language.
    const visitor = await (await browser.newContext()).newPage();
    let beacons = 0;
    visitor.on("request", (request) => {
      if (request.url().includes("/api/count")) beacons += 1;
    });
    await visitor.goto(`${app.origin}/?lang=en`);
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
    await expect.poll(() => funnelCount(app, approver, "pageViews")).toBeGreaterThan(viewsBefore);
    await expect.poll(() => funnelCount(app, approver, "started")).toBe(startsBefore + 1);

    // Focusing again on the same page load is the same start: no second beacon.
    await visitor.getByLabel(t("en", "preselection.email")).focus();
    await visitor.getByLabel(t("en", "preselection.fullName")).focus();
    // A beacon would have been sent as the field took focus, so before any request the page
    // makes after it: one such request, seen, closes the window.
    const marker = visitor.waitForRequest((request) => request.url().endsWith("/robots.txt?after"));
    await visitor.evaluate(() => fetch("/robots.txt?after"));
    await marker;
    expect(beacons).toBe(1);

    await visitor.context().close();
    await approver.context().close();
  });

  test("views of a stored page count as rendered ones did: a revalidation too, not a robot, a prefetch or HEAD", async ({
    app,
    browser,
  }) => {
    const approver = await signedIn(app, browser);
    const url = `${app.origin}/blog?lang=en&counted=stored`;
    const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
    const visit = (headers: Record<string, string> = {}, method = "GET") =>
      fetch(url, { method, headers: { "user-agent": person, ...headers } });
    // The first visit renders and stores the page; then it is sent from the store.
    const first = await visit();
    expect(first.headers.get("etag")).toBeTruthy();
    const viewsBefore = await funnelCount(app, approver, "pageViews");
    expect((await visit()).status).toBe(200);
    expect((await visit({ "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    await visit({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await visit({ "sec-purpose": "prefetch" });
    await visit({}, "HEAD");
    await expect.poll(() => funnelCount(app, approver, "pageViews")).toBe(viewsBefore + 2);
    await approver.context().close();
  });

  test("the screen: presets, a refused range, and no serious axe violation", async ({
    app,
    browser,
    browserErrors,
  }) => {
    browserErrors.allow(failedResource(400)); // the refused range is answered 400
    const page = await signedIn(app, browser);
    await page.goto(`${app.origin}/admin/analytics`);
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

  test("the manager's tables: each section, a CSV download, no axe violation", async ({
    app,
    browser,
  }) => {
    const page = await signedIn(app, browser);
    await page.goto(`${app.origin}/admin/analytics?from=2026-01-01&to=2026-01-31&group=week`);
    for (const group of ["pace", "quality", "onboarding", "money"]) {
      await expect(
        page.getByRole("heading", {
          level: 2,
          name: t("en", `admin.manager.groups.${group}.title`),
          exact: true,
        }),
      ).toBeVisible();
    }
    const cohort = page.getByRole("table", { name: t("en", "admin.manager.tables.cohort") });
    await expect(cohort.getByRole("row")).toHaveCount(7); // the header and six steps

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("link", {
          name: `${t("en", "admin.manager.csv")} (${t("en", "admin.manager.tables.backlog")})`,
        })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe("analytics-backlog-2026-01-01-2026-01-31.csv");
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(1 + 5); // the header and five weeks

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    const shots = process.env.SHOTS_DIR;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const lang of ["pt", "en", "es", "it", "de", "sv"] as const) {
        await page.goto(
          `${app.origin}/admin/analytics?from=2026-01-01&to=2026-01-31&group=week&lang=${lang}`,
        );
        for (const width of [390, 1366]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({
            path: `${shots}/analytics-manager-${lang}-${width}.png`,
            fullPage: true,
          });
        }
      }
    }
    await page.context().close();
  });
});
