import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type AppServer } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The right to erasure, end to end, on a server with a real SMTP server: an applicant applies on
 * the home page, asks for her data to be erased from the contact page, receives the link, reads
 * what will happen and confirms; the admin then finds the application erased and the request
 * done on /admin/privacy. axe checks the request, confirmation and admin pages.
 */
const APPLICANT = "clara.erase@example.com";

const linkIn = (mail: ParsedMail) => {
  const link = /https?:\/\/\S+\/privacy\/confirm\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
};

test.describe("privacy rights", () => {
  test.describe.configure({ mode: "serial" });
  /** She applies through the home page's form, in English. */
  async function apply(
    app: AppServer,
    page: Page,
    who: { name: string; email: string; whatsapp: string; instagram: string },
  ) {
    const lang = "en";
    await page.goto(`${app.origin}/?lang=${lang}`);
    await page.locator("#preselection").scrollIntoViewIfNeeded();
    await waitForHydration(page, "#preselection form");
    const field = (key: string) => page.getByLabel(t(lang, `preselection.${key}`), { exact: true });
    await field("fullName").fill(who.name);
    await field("age").fill("27");
    await field("email").fill(who.email);
    await field("whatsapp").fill(who.whatsapp);
    await field("instagram").fill(who.instagram);
    await field("experienceOptions.beginner").check();
    await field("message").fill("I would like to work with a serious team.");
    await field("consent").check();
    await page.getByRole("button", { name: t(lang, "preselection.submit") }).click();
    await expect(page.getByText(t(lang, "preselection.sentTitle")).first()).toBeVisible();
  }

  /** Asks for a copy of her data on /privacy/request; resolves to the mailed link. */
  async function askForExport(app: AppServer, page: Page, email: string, mailsBefore: number) {
    const lang = "en";
    await page.goto(`${app.origin}/privacy/request?lang=${lang}`);
    await waitForHydration(page);
    await page.getByLabel(t(lang, "privacy.request.exportChoice")).check();
    await page.getByLabel(t(lang, "privacy.request.email")).fill(email);
    await page.getByRole("button", { name: t(lang, "privacy.request.submit") }).click();
    await expect(page.getByText(t(lang, "privacy.request.sent"))).toBeVisible();
    const mail = await app.mail.mailTo(email, mailsBefore);
    expect(mail.subject).toBe(t(lang, "mail.privacyExport.subject"));
    return linkIn(mail);
  }

  test("her copy of her data downloads as a file from the mailed link, never inside the page", async ({
    app,
    browser,
    request,
  }) => {
    test.setTimeout(paced(90_000));
    const lang = "en";
    const who = {
      name: "Bianca Export",
      email: "bianca.export@example.com",
      whatsapp: "+55 48 98888-1357",
      instagram: "@bianca.own.data",
    };
    // What would give her data away if it were anywhere in a page.
    const hers = [who.email, who.instagram, "5548988881357", "Bianca Export"];
    const applicant = await (await browser.newContext()).newPage();
    await apply(app, applicant, who);
    await app.mail.mailTo(who.email, 0);
    const link = await askForExport(app, applicant, who.email, 1);

    // A mail scanner opens the link first, twice: the page says what would happen, no more.
    for (let i = 0; i < 2; i++) {
      const scanned = await request.get(link, { headers: { "User-Agent": "Mozilla/5.0" } });
      expect(scanned.status()).toBe(200);
      const html = await scanned.text();
      for (const value of hers) expect(html).not.toContain(value);
    }

    // She opens it: the link still works.
    await applicant.goto(link);
    await expect(applicant.locator("h1")).toHaveText(t(lang, "privacy.confirm.exportTitle"));
    await waitForHydration(applicant);
    await expectAccessible(applicant, "the export confirmation page");
    const [download] = await Promise.all([
      applicant.waitForEvent("download"),
      applicant.getByRole("button", { name: t(lang, "privacy.confirm.exportButton") }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mare-talent-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync(await download.path(), "utf8")) as {
      applications: { email: string; instagram: string; fullName: string }[];
    };
    expect(file.applications[0]).toMatchObject({
      email: who.email,
      instagram: who.instagram,
      fullName: who.name,
    });
    // She stays on the page, which says the file is on its way, and holds none of her data:
    // not in its HTML, not in the data React hydrates from.
    await expect(applicant.getByText(t(lang, "privacy.confirm.downloading"))).toBeVisible();
    const page = await applicant.content();
    for (const value of hers) expect(page).not.toContain(value);
    // The link is used up.
    await applicant.goto(link);
    await expect(applicant.locator("h1")).toHaveText(t(lang, "privacy.confirm.invalidTitle"));

    // Over HTTP, as a browser posts the page's form: a file, never a page with the data.
    const second = await askForExport(app, applicant, who.email, 2);
    const confirmPage = await request.get(second);
    const form =
      /<form[^>]*action="([^"]+)"[^>]*>(?:(?!<\/form>)[\s\S])*name="intent" value="export"/.exec(
        await confirmPage.text(),
      );
    expect(form, "the page's export form").not.toBeNull();
    const token = new URL(second).searchParams.get("token")!;
    const answer = await request.post(
      new URL(form![1]!.replaceAll("&amp;", "&"), app.origin).href,
      {
        form: { token, intent: "export" },
        headers: { Origin: app.origin },
        maxRedirects: 0,
      },
    );
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers()["content-disposition"]).toMatch(
      /^attachment; filename="[\w-]+\.json"$/,
    );
    expect(answer.headers()["cache-control"]).toBe("no-store");
    expect(JSON.parse(await answer.text())).toMatchObject({ applications: [{ email: who.email }] });
    // Used: the same post again is sent back to the page, which says the link is used.
    const again = await request.post(new URL(form![1]!.replaceAll("&amp;", "&"), app.origin).href, {
      form: { token, intent: "export" },
      headers: { Origin: app.origin },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(await again.text()).not.toContain(who.email);
    await applicant.context().close();
  });

  test("an applicant asks for erasure from the contact page and confirms from the mail", async ({
    app,
    browser,
  }) => {
    test.setTimeout(paced(90_000));
    const lang = "en";
    const applicant = await (await browser.newContext()).newPage();

    // She applies through the home page's form.
    await apply(app, applicant, {
      name: "Clara Nunes",
      email: APPLICANT,
      whatsapp: "+55 48 99999-4321",
      instagram: "@clara.nunes",
    });
    await app.mail.mailTo(APPLICANT, 0);

    // From the contact page to the request form.
    await applicant.goto(`${app.origin}/contact`);
    await applicant.getByRole("link", { name: t(lang, "privacy.contact.link") }).click();
    await expect(applicant).toHaveURL(`${app.origin}/privacy/request`);
    await expect(applicant.locator("h1")).toHaveText(t(lang, "privacy.request.title"));
    await waitForHydration(applicant);
    await expectAccessible(applicant, "the request page");
    await applicant.getByLabel(t(lang, "privacy.request.eraseChoice")).check();
    await applicant.getByLabel(t(lang, "privacy.request.email")).fill(APPLICANT);
    await applicant.getByRole("button", { name: t(lang, "privacy.request.submit") }).click();
    await expect(applicant.getByText(t(lang, "privacy.request.sent"))).toBeVisible();
    await expectAccessible(applicant, "the request page, sent");

    // The mail, and the page its link opens: it explains, and nothing happens until she confirms.
    const mail = await app.mail.mailTo(APPLICANT, 1);
    expect(mail.subject).toBe(t(lang, "mail.privacyErase.subject"));
    expect(mail.text).toContain(t(lang, "mail.privacyErase.greeting", { name: "Clara" }));
    const opened = await applicant.goto(linkIn(mail));
    // Its address holds a live token: no cache may keep the page.
    expect(opened!.headers()["cache-control"]).toBe("no-store");
    await expect(applicant.locator("h1")).toHaveText(t(lang, "privacy.confirm.eraseTitle"));
    await expect(applicant.getByText(t(lang, "privacy.confirm.eraseItems.document"))).toBeVisible();
    await waitForHydration(applicant);
    await expectAccessible(applicant, "the confirmation page");
    await applicant.getByRole("button", { name: t(lang, "privacy.confirm.eraseButton") }).click();
    await expect(applicant.locator("h1")).toHaveText(t(lang, "privacy.confirm.erasedTitle"));
    await expect(
      applicant.getByText(t(lang, "privacy.confirm.erasedApplications_one", { count: 1 })),
    ).toBeVisible();
    await expect(applicant.getByText(t(lang, "privacy.confirm.account.none"))).toBeVisible();
    await expectAccessible(applicant, "the erasure done");

    // The link works once.
    await applicant.goto(linkIn(mail));
    await expect(applicant.locator("h1")).toHaveText(t(lang, "privacy.confirm.invalidTitle"));
    await expectAccessible(applicant, "a used link");

    // The admin sees the application erased, its status kept, and the request done.
    const admin = await (await browser.newContext()).newPage();
    await app.signIn(admin, "admin");
    await admin.goto(`${app.origin}/admin/pendentes`);
    await expect(admin.getByText("Clara Nunes")).toHaveCount(0);
    await admin.getByRole("link", { name: t("en", "admin.privacy.erasedName") }).click();
    await expect(admin.locator("h1")).toHaveText(t("en", "admin.privacy.erasedName"));
    await expect(admin.getByText(APPLICANT)).toHaveCount(0);
    await expect(admin.getByText("@clara.nunes")).toHaveCount(0);
    await expect(
      admin.getByRole("region", { name: t("en", "admin.privacy.detail.title") }),
    ).toContainText(t("en", "admin.privacy.detail.erasedOn").split("{{when}}")[0]!.trim());
    // Nothing left to decide on it.
    await expect(
      admin.getByRole("button", { name: t("en", "admin.detail.toAprovado") }),
    ).toHaveCount(0);
    await expectAccessible(admin, "the erased application");

    await admin
      .getByRole("navigation", { name: t("en", "admin.nav.label") })
      .getByRole("link", { name: t("en", "admin.privacy.nav") })
      .click();
    await expect(admin).toHaveURL(`${app.origin}/admin/privacy`);
    await expect(admin.locator("h1")).toHaveText(t("en", "admin.privacy.title"));
    const row = admin.getByRole("row").filter({ hasText: "c***@example.com" });
    await expect(row).toContainText(t("en", "admin.privacy.requests.kinds.erase"));
    await expect(row).toContainText(t("en", "admin.privacy.requests.states.done"));
    await expect(
      admin.getByText(t("en", "admin.privacy.retention.current_other", { count: 12 })),
    ).toBeVisible();
    await expectAccessible(admin, "/admin/privacy");
    await admin.context().close();
    await applicant.context().close();
  });
});
