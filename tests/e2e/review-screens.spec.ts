import { expect, t, test, waitForHydration } from "./fixtures.ts";

/**
 * The back office at a laptop's 1366 px (issue 28, "See the creator" and "Screens that fit"): her
 * answers are links a reviewer can use, "←" goes back to the list she came from with its search,
 * the users' table fits without its buttons off-screen, and an approver's dashboard points her
 * to nothing she cannot open.
 */

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const applicant = {
  fullName: "Lívia Telas Moreira",
  email: "livia.telas@screens.example",
  whatsapp: "+5548999123456",
  instagram: "@livia.telas",
};

test.describe("review screens at 1366 px", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test.beforeAll(async ({ app, playwright }) => {
    const visitor = await playwright.request.newContext();
    const sent = await visitor.post(`${app.origin}/?index&lang=pt`, {
      headers: { origin: app.origin },
      form: {
        ...applicant,
        age: "26",
        experience: "beginner",
        message: "Quero crescer com uma equipe.",
        consent: "on",
      },
    });
    expect(sent.status()).toBe(200);
    await visitor.dispose();
  });

  test("her answers are links; ← goes back to the list she searched", async ({ app, page }) => {
    await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/pendentes?q=livia.telas`);
    await waitForHydration(page);
    await page.getByRole("link", { name: applicant.fullName, exact: true }).click();
    await expect(page.locator("h1")).toHaveText(applicant.fullName);

    const fields = page.locator("main dl").first();
    await expect(fields.getByRole("link", { name: applicant.email })).toHaveAttribute(
      "href",
      `mailto:${applicant.email}`,
    );
    const profile = fields.getByRole("link", { name: new RegExp(applicant.instagram) });
    await expect(profile).toHaveAttribute("href", "https://www.instagram.com/livia.telas/");
    await expect(profile).toHaveAttribute("target", "_blank");
    await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
    // Her number as it is read, opening WhatsApp through the endpoint that records it.
    const phone = fields.getByRole("button", { name: /\+55 48 99912 3456/ });
    await expect(phone).toBeVisible();
    // The browser's own hop to WhatsApp, watched (this machine has no way out to answer it).
    const hops: string[] = [];
    page.context().on("request", (request) => {
      if (new URL(request.url()).origin === "https://wa.me") hops.push(request.url());
    });
    const [chat] = await Promise.all([page.context().waitForEvent("page"), phone.click()]);
    await expect.poll(() => hops.length).toBeGreaterThan(0);
    expect(hops[0]).toMatch(/^https:\/\/wa\.me\/5548999123456\?text=/);
    await chat.close();
    await expect(fields).toContainText("Português");

    await page.getByRole("link", { name: `← ${en("admin.nav.pending")}` }).click();
    await expect(page).toHaveURL(`${app.origin}/admin/pendentes?q=livia.telas`);
    await expect(page.getByRole("searchbox")).toHaveValue("livia.telas");
  });

  test("the users' table fits: Manage in view, and opening it keeps the name in view", async ({
    app,
    page,
  }) => {
    await app.signIn(page, "admin");
    await page.goto(`${app.origin}/admin/users`);
    await waitForHydration(page);
    const frame = page.getByRole("region", { name: en("admin.users.title") });
    // Nothing to scroll sideways.
    expect(
      await frame.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    const manage = page.getByRole("button", { name: new RegExp(en("admin.users.manage")) }).first();
    await expect(manage).toBeInViewport({ ratio: 1 });
    const name = page.getByRole("table").getByRole("row").nth(1).locator("th, td").first();
    await manage.click();
    await expect(
      page
        .getByRole("region", { name: /./ })
        .filter({ hasText: en("admin.users.saveRole") })
        .first(),
    ).toBeVisible();
    await expect(name).toBeInViewport({ ratio: 1 });
  });

  test("an approver's dashboard links to nothing she cannot open", async ({ app, page }) => {
    await app.signIn(page, "approver");
    await page.goto(`${app.origin}/admin/dashboard`);
    await waitForHydration(page);
    const main = page.locator("main");
    const hrefs = await main
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      const response = await page.request.get(`${app.origin}${href}`, { maxRedirects: 0 });
      expect(response.status(), href).toBe(200);
    }
    await expect(main.getByText(en("admin.dashboard.waitingSetting"))).toHaveCount(0);
  });
});
