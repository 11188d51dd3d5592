import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The affiliate portal end to end: an affiliate signs in and copies her link; a visitor opens it
 * and applies through the home page's form; the portal then counts her click and shows the
 * referral by first name and initial, with its status. Axe at desktop and phone widths. When she
 * applies through her own link, nothing is attributed and the reviewer is told.
 */
// A visitor's own browser: a headless one is taken for a robot and its click is not counted.
const VISITOR_BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

test.describe("the affiliate portal", () => {
  test.describe.configure({ mode: "serial" });
  test("she copies her link, a visitor applies through it, and the portal shows the click and the referral", async ({
    app,
    browser,
  }) => {
    test.setTimeout(paced(60_000));
    // The affiliate, in Portuguese, lands on her portal after signing in.
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: app.origin,
    });
    const portal = await context.newPage();
    await app.signIn(portal, "affiliate", { lang: "pt" });
    await expect(portal.locator("h1")).toHaveText(t("pt", "portal.title"));
    await waitForHydration(portal, "#referral-link");

    const field = portal.getByRole("textbox", { name: t("pt", "portal.link.label"), exact: true });
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${app.origin}/\\?ref=[A-Z0-9]{7}$`));
    const code = new URL(link).searchParams.get("ref")!;
    await expect(portal.getByText(code, { exact: true })).toBeVisible();
    await expect(
      portal.getByRole("img", { name: t("pt", "portal.qr.label", { link }) }),
    ).toBeVisible();
    for (const key of ["clicks", "referred"]) {
      await expect(figure(portal, t("pt", `portal.figures.${key}`))).toHaveText("0");
    }
    await expect(portal.getByText(t("pt", "portal.referrals.empty"))).toBeVisible();

    await portal.getByRole("button", { name: t("pt", "portal.link.copy") }).click();
    await expect(portal.getByText(t("pt", "portal.link.copied"))).toBeVisible();
    expect(await portal.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAccessible(portal, "the portal, desktop");

    // A visitor opens the link and applies through the home page's pre-selection form.
    const visitorContext = await browser.newContext({ userAgent: VISITOR_BROWSER });
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await visitor.locator("#preselection").scrollIntoViewIfNeeded();
    await waitForHydration(visitor, "#preselection form");
    const label = (key: string) =>
      visitor.getByLabel(t("en", `preselection.${key}`), { exact: true });
    await label("fullName").fill("Bruna Costa Carvalho");
    await label("age").fill("26");
    await label("email").fill("bruna.carvalho@example.com");
    await label("whatsapp").fill("+55 48 97777-2020");
    await label("instagram").fill("@bruna.cc");
    await label("message").fill("Quero começar com o apoio de uma agência séria.");
    await visitor.locator('input[name="experience"][value="beginner"]').check();
    await visitor.locator('input[name="consent"]').check();
    await visitor.getByRole("button", { name: t("en", "preselection.submit") }).click();
    await expect(
      visitor.getByText(t("en", "preselection.sentTitle"), { exact: true }),
    ).toBeVisible();
    await visitorContext.close();

    // Her portal now counts the click and shows the referral, first name and initial only.
    await portal.reload();
    await expect(figure(portal, t("pt", "portal.figures.clicks"))).toHaveText("1");
    await expect(figure(portal, t("pt", "portal.figures.referred"))).toHaveText("1");
    await expect(figure(portal, t("pt", "portal.figures.pending"))).toHaveText("1");
    const referrals = portal.getByRole("table", { name: t("pt", "portal.referrals.caption") });
    const row = referrals.getByRole("row").filter({ hasText: "Bruna C." });
    await expect(row).toContainText(t("pt", "admin.status.Pendente"));
    await expect(row).toContainText(t("pt", "admin.source.form"));
    const page = await portal.content();
    for (const secret of ["Carvalho", "Costa", "bruna.carvalho", "97777", "agência séria"]) {
      expect(page, `the portal shows ${secret}`).not.toContain(secret);
    }
    // The week's table has the click and the referral too.
    const weeks = portal.getByRole("table", { name: t("pt", "portal.overTime.caption") });
    await expect(weeks.getByRole("row").nth(1)).toContainText("1");
    await expectAccessible(portal, "the portal with a referral, desktop");

    await portal.setViewportSize({ width: 390, height: 844 });
    await expect(portal.getByRole("button", { name: t("pt", "portal.link.copy") })).toBeVisible();
    // Nothing wider than the phone's screen but the tables, which scroll in their own boxes.
    expect(
      await portal.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAccessible(portal, "the portal, phone");
    await context.close();

    // The agency's analytics put her link's click beside the application it brought.
    const admin = await (await browser.newContext()).newPage();
    await app.signIn(admin, "admin", { lang: "de" });
    await admin.goto(`${app.origin}/admin/analytics`);
    const links = admin.getByRole("table", {
      name: t("de", "admin.analytics.referralLinks.title"),
    });
    const linkRow = links.getByRole("row").filter({ hasText: code });
    await expect(linkRow.getByRole("cell")).toHaveText(["1", "1", /^100\s?%$/]);
    await expectAccessible(admin, "analytics with referral links");
    await admin.context().close();
  });

  test("without JavaScript the link is there to select, and no dead Copy button", async ({
    app,
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await app.signIn(context, "affiliate");
    const page = await context.newPage();
    await page.goto(`${app.origin}/portal?lang=en`);
    await expect(
      page.getByRole("textbox", { name: t("en", "portal.link.label"), exact: true }),
    ).toHaveValue(new RegExp(`^${app.origin}/\\?ref=`));
    await expect(page.getByRole("button", { name: t("en", "portal.link.copy") })).toHaveCount(0);
    // The chart's range is a plain form.
    await page.getByLabel(t("en", "portal.overTime.range")).selectOption("26");
    await page.getByRole("button", { name: t("en", "portal.overTime.show") }).click();
    await expect(page).toHaveURL(`${app.origin}/portal?weeks=26`);
    await expect(
      page.getByRole("table", { name: t("en", "portal.overTime.caption") }).getByRole("row"),
    ).toHaveCount(1 + 26);
    await context.close();
  });

  test("applying through her own link is not attributed, and the reviewer is told", async ({
    app,
    browser,
  }) => {
    test.setTimeout(paced(60_000));
    const context = await browser.newContext({ userAgent: VISITOR_BROWSER });
    const page = await context.newPage();
    const affiliate = await app.signIn(page, "affiliate");
    const link = await page
      .getByRole("textbox", { name: t("en", "portal.link.label"), exact: true })
      .inputValue();
    const code = new URL(link).searchParams.get("ref")!;

    // She opens her own link and applies with her account's address.
    await page.goto(link);
    await page.locator("#preselection").scrollIntoViewIfNeeded();
    await waitForHydration(page, "#preselection form");
    const label = (key: string) => page.getByLabel(t("en", `preselection.${key}`), { exact: true });
    await label("fullName").fill("Renata Afiliada Souza");
    await label("age").fill("31");
    await label("email").fill(affiliate.email);
    await label("instagram").fill("@renata.indica");
    await label("message").fill("Quero ver como funciona por dentro.");
    await page.locator('input[name="experience"][value="beginner"]').check();
    await page.locator('input[name="consent"]').check();
    await page.getByRole("button", { name: t("en", "preselection.submit") }).click();
    await expect(page.getByText(t("en", "preselection.sentTitle"), { exact: true })).toBeVisible();

    // Her portal still shows the one referral of the first test.
    await page.goto(`${app.origin}/portal`);
    await expect(
      page
        .getByRole("table", { name: t("en", "portal.referrals.caption") })
        .getByRole("row")
        .filter({ hasText: "Renata" }),
    ).toHaveCount(0);
    await context.close();

    // The reviewer finds the application and reads why it is not attributed.
    const admin = await (await browser.newContext()).newPage();
    await app.signIn(admin, "admin");
    await admin.goto(`${app.origin}/admin/cadastros?q=${affiliate.email.split("@")[0]}`);
    await admin.getByRole("link", { name: "Renata Afiliada Souza" }).click();
    await expect(admin).toHaveURL(/\/admin\/cadastros\/\d+(\?[^/]*)?$/);
    const note = admin.getByRole("note");
    await expect(note).toContainText(t("en", "admin.detail.selfReferralTitle"));
    await expect(note).toContainText(code);
    await note.getByRole("link").click();
    await expect(admin).toHaveURL(/\/admin\/afiliados\/\d+$/);
    await admin.goBack();
    await expectAccessible(admin, "an application flagged as a self-referral");
  });
});

/** The value under a figure's label. */
function figure(page: Page, label: string) {
  return page
    .getByRole("region", { name: t("pt", "portal.figures.title") })
    .locator("div", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();
}
