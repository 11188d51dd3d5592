import type { APIRequestContext, Page } from "@playwright/test";
import {
  expect,
  h1Of,
  htmlAttributes,
  isSameDocument,
  type Lang,
  markDocument,
  t,
  test,
  waitForHydration,
} from "./fixtures.ts";

const GEO = "x-test-country"; // GEO_COUNTRY_HEADER of the test server (playwright.config.ts)

/** The language the server renders a page in, from its raw HTML. */
async function serverLanguage(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await request.get(path, { headers });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const { lang } = htmlAttributes(html);
  // The content follows the attribute: the hero is in the same language.
  if (path.split("?")[0] === "/") expect(h1Of(html)).toBe(t(lang as Lang, "hero.title"));
  return { lang, setCookie: response.headers()["set-cookie"] };
}

const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem("i18nextLng"));

test.describe("language resolution on the server", () => {
  test("is Portuguese without any hint", async ({ request }) => {
    const { lang, setCookie } = await serverLanguage(request, "/");
    expect(lang).toBe("pt");
    expect(setCookie).toBeUndefined();
  });

  test("follows Accept-Language", async ({ request }) => {
    expect((await serverLanguage(request, "/", { "Accept-Language": "de-DE,de;q=0.9" })).lang).toBe(
      "de",
    );
    expect(
      (await serverLanguage(request, "/", { "Accept-Language": "fr-FR,fr;q=0.9,es;q=0.8" })).lang,
    ).toBe("es");
    expect((await serverLanguage(request, "/", { "Accept-Language": "ja, zh;q=0.5" })).lang).toBe(
      "pt",
    );
  });

  test("the geo header beats Accept-Language", async ({ request }) => {
    const headers = { "Accept-Language": "de-DE,de;q=0.9", [GEO]: "SE" };
    expect((await serverLanguage(request, "/", headers)).lang).toBe("sv");
    // A country without one of the six languages leaves the choice to the browser's languages.
    expect((await serverLanguage(request, "/", { ...headers, [GEO]: "JP" })).lang).toBe("de");
  });

  test("the stored cookie beats the geo header", async ({ request }) => {
    const headers = { "Accept-Language": "de-DE,de;q=0.9", [GEO]: "SE", Cookie: "lang=en" };
    const { lang, setCookie } = await serverLanguage(request, "/", headers);
    expect(lang).toBe("en");
    expect(setCookie).toBeUndefined();
  });

  test("?lang= beats everything and is stored in a cookie", async ({ request }) => {
    const headers = { "Accept-Language": "de-DE,de;q=0.9", [GEO]: "SE", Cookie: "lang=en" };
    const { lang, setCookie } = await serverLanguage(request, "/?lang=it", headers);
    expect(lang).toBe("it");
    expect(setCookie).toMatch(/^lang=it;/);
    expect(setCookie).toContain("Path=/");
    // Only the part before a hyphen counts.
    expect((await serverLanguage(request, "/contact?lang=es-MX", headers)).lang).toBe("es");
  });
});

test.describe("language in the browser", () => {
  test.use({
    locale: "de-DE",
    extraHTTPHeaders: { "Accept-Language": "de-DE,de;q=0.9", [GEO]: "SE" },
  });

  test("?lang=it persists across reload and navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");

    await page.goto("/?lang=it");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.locator("h1")).toHaveText(t("it", "hero.title"));
    await expect.poll(() => storedLanguage(page)).toBe("it");

    await page.reload();
    await expect(page.locator("h1")).toHaveText(t("it", "hero.title"));

    // Without the query, the cookie decides, on the server.
    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.locator("h1")).toHaveText(t("it", "contact.title"));

    // A client-side navigation keeps it.
    await page
      .getByRole("navigation", { name: t("it", "a11y.mainNavigation") })
      .getByRole("link", { name: t("it", "nav.blog") })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("contentinfo")).toContainText(t("it", "footer.description"));

    // And the next request with the browser's cookie is rendered in it by the server.
    const html = await (await page.request.get("/")).text();
    expect(htmlAttributes(html).lang).toBe("it");
    expect(h1Of(html)).toBe(t("it", "hero.title"));
  });

  test("the header picker switches language without a reload, and the choice sticks", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await waitForHydration(page, "header");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await markDocument(page);

    const header = page.getByRole("banner");
    const picker = header.locator("details");
    const summary = header.getByLabel(t("sv", "a11y.chooseLanguage", { language: "Svenska" }));
    await expect(summary).toBeVisible();
    await expect(picker.getByRole("link", { name: "Deutsch" })).toBeHidden();
    await summary.click();
    await expect(picker).toHaveAttribute("open", "");
    const links = picker.getByRole("link");
    await expect(links).toHaveText([
      "Português",
      "Español",
      "English",
      "Italiano",
      "Deutsch",
      "Svenska",
    ]);
    await expect(picker.getByRole("link", { name: "Svenska" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    await picker.getByRole("link", { name: "English" }).click();
    await expect(page.locator("h1")).toHaveText(t("en", "hero.title"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(/\?lang=en$/);
    await expect(page).toHaveTitle(`Maré Talent | ${t("en", "meta.tagline")}`);
    await expect(picker).not.toHaveAttribute("open");
    await expect(
      header.getByLabel(t("en", "a11y.chooseLanguage", { language: "English" })),
    ).toBeVisible();
    expect(await isSameDocument(page), "switched without a full page load").toBe(true);
    await expect.poll(() => storedLanguage(page)).toBe("en");

    await page.reload();
    await expect(page.locator("h1")).toHaveText(t("en", "hero.title"));

    // The choice is remembered for pages without ?lang=, rendered so by the server.
    const html = await (await page.request.get("/contact")).text();
    expect(htmlAttributes(html).lang).toBe("en");
    await page.goto("/contact");
    await expect(page.locator("h1")).toHaveText(t("en", "contact.title"));
  });

  test("the picker works by keyboard and closes on Escape", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    await waitForHydration(page, "header");
    const picker = page.getByRole("banner").locator("details");
    const summary = picker.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(picker).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(picker).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();
  });

  test("local storage mirrors the choice and restores it when the cookie is gone", async ({
    page,
    context,
  }) => {
    await page.goto("/?lang=es");
    await waitForHydration(page);
    await waitForHydration(page, "header");
    await expect.poll(() => storedLanguage(page)).toBe("es");

    await context.clearCookies();
    await page.goto("/blog");
    // The server falls back to the geo header (sv); the stored choice then takes over.
    await expect(page).toHaveURL(/\/blog\?lang=es$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("contentinfo")).toContainText(t("es", "footer.description"));
  });
});

test.describe("GET /api/geo-language", () => {
  test("answers the language of the country in the geo header", async ({ request }) => {
    const response = await request.get("/api/geo-language", { headers: { [GEO]: "SE" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toMatchObject({ language: "sv" });
    expect(response.headers()["cache-control"]).toMatch(/(^|[\s,])max-age=86400\b/);

    const german = await request.get("/api/geo-language", { headers: { [GEO]: "at" } });
    expect(await german.json()).toMatchObject({ language: "de" });
  });

  test("answers a null language without the header or for other countries", async ({ request }) => {
    const none = await request.get("/api/geo-language");
    expect(none.status()).toBe(200);
    expect(await none.json()).toMatchObject({ language: null });
    expect(none.headers()["cache-control"]).toMatch(/(^|[\s,])max-age=86400\b/);

    const elsewhere = await request.get("/api/geo-language", { headers: { [GEO]: "JP" } });
    expect(await elsewhere.json()).toMatchObject({ language: null });
    const garbage = await request.get("/api/geo-language", { headers: { [GEO]: "<script>" } });
    expect(await garbage.json()).toMatchObject({ language: null });
  });
});
